// The per-core data cache of scalar GM accesses: write-back, 64-byte lines; DMA (DataCopy) bypasses it. Source:
// asc-devkit docs/zh/api/SIMD-API/基础API/缓存控制/DataCacheCleanAndInvalid.md. Within a core the twin checks it as the
// accesses happen; across cores, after the launch, by barrier interval (epoch) as the GM write-race check does.
// A scalar store stays in the line until the line is written back (DataCacheCleanAndInvalid, or the kernel's end), so
// other cores see it only then; the write-back releases the core's clock and a load that fills the line afterwards
// acquires it (sim/gm_race.h): the flag a core writes back and another polls orders what came before it.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace ascendc_sim {

struct CoreContext;

inline constexpr uint64_t kCacheLineBytes = 64;

struct CachedLine {
    uint64_t dirtyMask = 0;          // bit i: byte i holds a scalar store not yet written back
    std::array<uint8_t, 64> data{};  // the stored values of the dirty bytes
    uint32_t fillEpoch = 0;
    uint32_t dirtyEpoch = 0;
    uint32_t lastReadEpoch = 0;
    bool read = false;
    const char* staleBy = nullptr;  // a DataCopy of this core that rewrote the line's GM bytes since it was cached
};

// What other cores must not overlap: when a line was dirty, when it served loads, where DMA wrote.
struct LineSpan {
    uint64_t line;  // address / 64
    uint32_t first, last;
};
struct DmaWrite {
    uint64_t begin, end;  // absolute addresses
    uint32_t epoch;
};

struct DataCache {
    std::map<uint64_t, CachedLine> lines;  // by line number
    std::vector<LineSpan> dirtySpans;      // [dirty since, written back in]
    std::vector<LineSpan> loadSpans;       // [cached in, last load in]
    std::vector<DmaWrite> dmaWrites;
    std::unordered_map<uint64_t, uint64_t> dmaRewritten;  // line -> bytes of it this core's DMA rewrote
};

// A scalar load of `bytes` at p into `out`: GM as other cores wrote it back, under this core's own dirty bytes.
void CacheLoad(CoreContext& c, const char* api, const void* p, void* out, uint64_t bytes);
// A scalar store of `bytes` from `value` at p: held in the line until its write-back.
void CacheStore(CoreContext& c, const char* api, void* p, const void* value, uint64_t bytes);
void CacheDmaRead(CoreContext& c, const char* api, const void* p, uint64_t bytes);
void CacheDmaWrite(CoreContext& c, const char* api, const void* p, uint64_t bytes);
// WriteGmByPassDCache: the store goes to GM at once, as a DMA write does for this core's lines, and releases this
// core's clock on its line (a flag another core polls orders what came before it).
void BypassStore(CoreContext& c, const char* api, void* p, const void* value, uint64_t bytes);
// ReadGmByPassDCache: GM as it is now (this core's dirty bytes of the line are not seen: an error, as for DMA);
// acquires what a write-back or bypass store published on the line.
void BypassLoad(CoreContext& c, const char* api, const void* p, void* out, uint64_t bytes);
// DataCacheCleanAndInvalid: the line of p from p to its end, or (entire) every line.
void CacheCleanInvalidate(CoreContext& c, const void* p, bool entire);
// DataCacheCleanAndInvalid prototypes per SoC: Atlas inference AI Core has only <T, CacheLine>; CACHELINE_ATOMIC is
// not supported on these SoCs.
void CheckDcciForm(CoreContext& c, bool withDst, int dcciDst);
// Kernel end: every line still dirty is written back (assumption, docs/twin.md).
void CacheAtEnd(CoreContext& c);
// After the launch: dirty bytes of one line on two cores, DMA into another core's dirty line, or a load that can
// see a line another core rewrote; empty if none.
std::string FindCacheRace(const std::vector<CoreContext>& cores);

}  // namespace ascendc_sim
