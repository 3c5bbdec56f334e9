// The twin's L2 (cost only; A2/A3 platform config: ddr_read_rate 32, l2_read_rate 110 B/cycle). Cube reads: each AIC
// logs the GM panels it loads as rectangles (rows of rowBytes at a pitch); at the end of a launch the first touches
// of their distinct bytes are misses (less what an earlier launch left in L2), the re-reads hits while the re-read
// bytes fit the L2. Deterministic: one share for the launch, not an order of first touches across cores. Vector
// reads: a copy of bytes the core wrote earlier in the launch, or an earlier launch left in L2, is a hit.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sim/strided_range.h"

namespace ascendc_sim {

struct CoreContext;

struct GmRect {
    const uint8_t* base = nullptr;
    uint64_t rows = 0, rowBytes = 0, pitch = 0;
    bool operator==(const GmRect& o) const {
        return base == o.base && rows == o.rows && rowBytes == o.rowBytes && pitch == o.pitch;
    }
};
struct GmRectHash {
    std::size_t operator()(const GmRect& r) const;
};

// One core's panels, each with how often it was loaded (a panel loaded again re-reads the same bytes).
struct CubeReadLog {
    std::unordered_map<GmRect, uint64_t, GmRectHash> rects;
};

// The GM bytes this core wrote during the launch (its MTE3 copies, the results of its synchronous Matmul calls), as
// merged spans: a later GM -> UB read of them is an L2 hit (A2/A3 writes land in L2: the Add README's case 5).
struct L2WriteLog {
    std::map<uintptr_t, uintptr_t> spans;  // start -> end, disjoint and not touching
};
// The GM bytes this core read during the launch, in 512-byte granules with the 32-byte sectors read and the core's
// read bytes at the granule's last read; and each GM -> UB copy's rows and cycles (for the cross-core terms).
struct ReadStamp {
    StridedRange rows;   // the copy's GM rows (addresses)
    double begin, done;  // its cycles on the core's timeline
    bool bypass;         // SetL2CacheHint(CACHE_MODE_DISABLE)
};
struct L2Granule {
    double readAt = 0;     // the core's read bytes when a sector of it was last read
    uint16_t sectors = 0;  // 32-byte sectors read so far
};
// Granules by number: open addressing with linear probing in a power-of-two table, so the lookup every row of every
// copy makes is a probe or two in one array, not a node walk. A reference lasts until the next new granule.
class L2GranuleTable {
public:
    L2Granule& operator[](uint64_t granule);
    std::size_t size() const { return used_; }

private:
    struct Slot {
        uint64_t key = kEmpty;
        L2Granule value;
    };
    static constexpr uint64_t kEmpty = UINT64_MAX;
    void Grow();
    std::vector<Slot> slots_;
    std::size_t used_ = 0;
};
struct L2ReadLog {
    using Granule = L2Granule;
    L2GranuleTable granules;
    double readBytes = 0;
    std::vector<ReadStamp> stamps;
};
// The share of a read (rows of rowBytes, pitch apart) that L2 serves from this core's earlier reads of the launch:
// sectors read before, while the launch's reads since (this core's times `activeCores`) fit `l2Bytes`. Notes the read.
double NoteOwnRead(CoreContext& c, const void* gm, uint64_t rows, uint64_t rowBytes, uint64_t pitch, double l2Bytes,
                   uint32_t activeCores);
// After a launch: each core's memConflictCost from its copies' stamps (sim/l2_reads.cpp).
void ChargeCrossCoreReads(std::vector<CoreContext>& cores, double rereadShare, double sameAddrShare);

void NoteOwnWrite(CoreContext& c, const void* gm, uint64_t bytes);
// `rows` rows of `rowBytes`, `pitch` apart: contiguous rows as one span, else each row (at most kMaxNotedRows).
void NoteOwnWrite(CoreContext& c, const void* gm, uint64_t rows, uint64_t rowBytes, uint64_t pitch);
bool HoldsOwnWrite(const CoreContext& c, const void* gm, uint64_t bytes);

// Across launches (the device's L2): the GM bytes a launch wrote stay in L2 for the launches after it, the oldest
// launch's going first while they exceed the L2 (a launch's writes that alone exceed it are not kept); a host copy
// or memset into them, or freeing them, drops them. Reads of them are hits like a core's own writes. The bookkeeping
// is bounded by the bytes and spans held, not by the launches run.
void KeepLaunchWritesInL2(const std::vector<CoreContext>& cores, double l2Bytes);
bool L2HoldsFromEarlierLaunch(const void* gm, uint64_t bytes);
void DropFromL2(const void* gm, uint64_t bytes);
// Bytes of the spans [start, end) that earlier launches left in L2.
uint64_t L2HeldBytes(const std::vector<std::pair<uintptr_t, uintptr_t>>& spans);
// What the device's L2 holds now: launches with bytes still in it, separate spans, bytes (tests check it stays
// bounded over many launches).
struct L2Footprint {
    std::size_t launches = 0, spans = 0;
    uint64_t bytes = 0;
};
L2Footprint HeldInL2();

// A panel of `rows` rows of `rowBytes` bytes, `pitch` bytes apart, read from GM into L1 by this core.
void NoteCubeRead(CoreContext& c, const uint8_t* base, uint64_t rows, uint64_t rowBytes, uint64_t pitch);

// The share of the launch's GM -> L1 bytes (`totalBytes`) that hit L2: all but the first touches of the distinct
// footprint of every core's panels that earlier launches did not leave in L2, scaled by the part of the re-read
// bytes (read more than once) an L2 of `l2Bytes` holds (0 without an L2).
double CubeL2HitShare(const std::vector<const CubeReadLog*>& logs, uint64_t totalBytes, double l2Bytes);

}  // namespace ascendc_sim
