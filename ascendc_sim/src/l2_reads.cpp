// The twin's L2 for reads within one launch (cost only): a core's re-reads of what it read earlier, and the
// device-memory cost of the same bytes read by several cores (sim/l2_reuse.h).
#include <algorithm>
#include <unordered_map>
#include <vector>

#include "sim/context.h"
#include "sim/l2_reuse.h"

namespace ascendc_sim {
namespace {
constexpr uint64_t kGranuleBytes = 512;  // the GM burst the A2 copy best practice aligns to
constexpr uint64_t kSectorBytes = 32;    // the smallest GM -> UB copy unit (DataCopy blocks of 32 bytes)
// Copies touching one 4 KB chunk of GM are compared for the cross-core terms (each for its bytes in the chunk,
// against the others' rows that share bytes with it).
constexpr uint64_t kChunkShift = 12;

// Sectors [first, last] of one granule as a bit mask.
uint16_t SectorMask(uint64_t first, uint64_t last) {
    const uint32_t bits = (last - first + 1 >= 16) ? 0xFFFFu : ((1u << (last - first + 1)) - 1u) << first;
    return static_cast<uint16_t>(bits);
}
}  // namespace

// asc-devkit data_copy README scenarios 5 / 6: a 302 MB matrix read 4 times hits L2 0.005 %, each of its 75 MB
// quarters read 4 times in a row 75 % (the A2 L2 is 192 MB): a re-read hits while the bytes read since fit the L2.
double NoteOwnRead(CoreContext& c, const void* gm, uint64_t rows, uint64_t rowBytes, uint64_t pitch, double l2Bytes,
                   uint32_t activeCores) {
    L2ReadLog& log = c.ownReads;
    if (rows == 0 || rowBytes == 0 || l2Bytes <= 0) return 0.0;
    const double window = l2Bytes / std::max<uint32_t>(1, activeCores);
    uint64_t hitSectors = 0, sectors = 0;
    for (uint64_t r = 0; r < rows; ++r) {
        const uint64_t start = reinterpret_cast<uintptr_t>(gm) + r * pitch, end = start + rowBytes;
        for (uint64_t g = start / kGranuleBytes; g <= (end - 1) / kGranuleBytes; ++g) {
            const uint64_t lo = std::max(start, g * kGranuleBytes), hi = std::min(end, (g + 1) * kGranuleBytes);
            const uint16_t mask =
                SectorMask(lo % kGranuleBytes / kSectorBytes, (hi - 1) % kGranuleBytes / kSectorBytes);
            L2ReadLog::Granule& e = log.granules[g];
            const int count = __builtin_popcount(mask);
            if (e.sectors != 0 && log.readBytes - e.readAt <= window) {
                hitSectors += static_cast<uint64_t>(__builtin_popcount(mask & e.sectors));
            }
            sectors += static_cast<uint64_t>(count);
            e.sectors |= mask;
            e.readAt = log.readBytes;
        }
    }
    log.readBytes += static_cast<double>(rows * rowBytes);
    return sectors == 0 ? 0.0 : static_cast<double>(hitSectors) / static_cast<double>(sectors);
}

// asc-devkit data_copy README scenarios 7 / 8 (L2 off, every AIV reads the same 6 MB): staggered 328.88 us, in the
// same order 539.42 us, where one read of the bytes streams in ~212 us. A bypassed read of bytes another core read
// earlier in the launch costs rereadShare more device-memory bytes; a read of bytes another core reads at the same
// time (their copies overlap on the cores' timelines) costs sameAddrShare more. Bytes, not neighbours: cores reading
// different rows or columns of one 4 KB chunk pay neither (bank_conflict_nd2nz README: 48 AIV reading adjacent
// 256-byte row pieces stream 268 MB in 144 us).
void ChargeCrossCoreReads(std::vector<CoreContext>& cores, double rereadShare, double sameAddrShare) {
    struct Use {
        uint32_t core;
        const ReadStamp* s;
    };
    std::unordered_map<uintptr_t, std::vector<Use>> chunks;
    for (uint32_t i = 0; i < cores.size(); ++i) {
        for (const ReadStamp& s : cores[i].ownReads.stamps) {
            for (uintptr_t k = s.start >> kChunkShift; k <= (s.end - 1) >> kChunkShift; ++k)
                chunks[k].push_back({i, &s});
        }
    }
    for (auto& [chunk, uses] : chunks) {
        const uint32_t first = uses.front().core;
        if (std::all_of(uses.begin(), uses.end(), [&](const Use& u) { return u.core == first; })) continue;
        std::sort(uses.begin(), uses.end(), [](const Use& a, const Use& b) { return a.s->begin < b.s->begin; });
        const uintptr_t lo = chunk << kChunkShift, hi = (chunk + 1) << kChunkShift;
        for (size_t i = 0; i < uses.size(); ++i) {
            const ReadStamp& s = *uses[i].s;
            // the copy's bytes in this chunk, in proportion to its span there
            const double part = static_cast<double>(s.bytes) *
                                static_cast<double>(std::min(s.end, hi) - std::max(s.start, lo)) /
                                static_cast<double>(s.end - s.start);
            auto shares = [&](size_t j) {  // another core's row with bytes of this one
                return uses[j].core != uses[i].core && uses[j].s->start < s.end && s.start < uses[j].s->end;
            };
            bool concurrent = false, readBefore = false;
            for (size_t j = i; j-- > 0 && !(concurrent && readBefore);) {
                if (!shares(j)) continue;
                readBefore = true;
                concurrent = concurrent || uses[j].s->done > s.begin;
            }
            for (size_t j = i + 1; j < uses.size() && uses[j].s->begin < s.done && !concurrent; ++j) {
                concurrent = shares(j);
            }
            const bool reread = s.bypass && readBefore;
            cores[uses[i].core].cost.memConflictCost +=
                part * ((reread ? rereadShare : 0.0) + (concurrent ? sameAddrShare : 0.0));
        }
    }
}

}  // namespace ascendc_sim
