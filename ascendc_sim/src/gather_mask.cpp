// GatherMask's selection (sim/gather_mask.h): the set bits of each repeat's pattern, 64 at a time, each picking one
// src0 element; the elements are packed, the overlap rule checked per later repeat, definedness carried once.
#include "sim/gather_mask.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "sim/definedness.h"

namespace ascendc_sim {

namespace {

// 64 lanes of a built-in pattern (GatherMask.md 功能说明: 1 even, 2 odd, 3-6 one of four, 7 all); a chunk starts at
// a multiple of 64 lanes, so every chunk has the same bits.
constexpr uint64_t kFixedPatternWords[] = {0,
                                           0x5555555555555555ull,
                                           0xAAAAAAAAAAAAAAAAull,
                                           0x1111111111111111ull,
                                           0x2222222222222222ull,
                                           0x4444444444444444ull,
                                           0x8888888888888888ull,
                                           ~0ull};

// Lanes [first, first + n) of repeat r's selection (n <= 64), LSB first.
uint64_t GatherMaskWord(const GatherMaskBits& bits, int64_t r, int64_t first, int64_t n) {
    const uint64_t keep = n >= 64 ? ~0ull : (1ull << n) - 1;
    if (bits.bits == nullptr) return kFixedPatternWords[bits.fixed] & keep;
    // r * repeatBits and first are multiples of 8: the chunk starts on a byte; read only the bytes it covers.
    uint64_t word = 0;
    std::memcpy(&word, bits.bits + (r * bits.repeatBits + first) / 8, static_cast<size_t>((n + 7) / 8));
    return word & keep;
}

// Element offset (in src0) of lane i of repeat r.
int64_t GatherMaskLaneOffset(const GatherMaskShape& s, int64_t r, int64_t i) {
    const int64_t perBlock = 32 / s.elemBytes;
    return (r * s.repStride + (i / perBlock) * s.blkStride) * perBlock + i % perBlock;
}

// Calls `pick(lane)` for each selected lane of repeat r, in lane order.
template <typename Pick>
void ForEachSelected(const GatherMaskShape& s, const GatherMaskBits& bits, int64_t r, Pick pick) {
    const int64_t lanes = s.LanesOf(r);
    for (int64_t first = 0; first < lanes; first += 64) {
        for (uint64_t w = GatherMaskWord(bits, r, first, std::min<int64_t>(64, lanes - first)); w != 0; w &= w - 1) {
            pick(first + __builtin_ctzll(w));
        }
    }
}

// Whether every repeat reads the same bits: a built-in pattern, or a pattern tensor with src1RepeatStride 0.
bool SameBitsEachRepeat(const GatherMaskBits& bits) { return bits.bits == nullptr || bits.repeatBits == 0; }

// One repeat's selected lanes as element offsets from the repeat's first element, in lane order, with their least
// and most (a block stride of 0 reorders them).
struct RepeatPicks {
    const int32_t* offsets;
    size_t count;
    int32_t least, most;
};

// Calls visit(r, picks) for every repeat; the bits are decoded per repeat, or once for a pattern every repeat reads
// alike (again for a shorter last repeat).
template <typename Visit>
void ForEachRepeat(const GatherMaskShape& s, const GatherMaskBits& bits, Visit visit) {
    thread_local std::vector<int32_t> decoded;  // reused: no heap call per instruction
    std::vector<int32_t>& offsets = decoded;
    RepeatPicks picks{nullptr, 0, 0, 0};
    for (int64_t r = 0; r < s.repeats; ++r) {
        if (r == 0 || !SameBitsEachRepeat(bits) || (r + 1 == s.repeats && s.lastLanes != s.lanes)) {
            offsets.clear();
            const int64_t base = GatherMaskLaneOffset(s, r, 0);
            ForEachSelected(s, bits, r, [&](int64_t i) {
                offsets.push_back(static_cast<int32_t>(GatherMaskLaneOffset(s, r, i) - base));
            });
            picks = {offsets.data(), offsets.size(), 0, 0};
            if (!offsets.empty()) {
                picks.least = *std::min_element(offsets.begin(), offsets.end());
                picks.most = *std::max_element(offsets.begin(), offsets.end());
            }
        }
        visit(r, picks);
    }
}

// How many elements the call picks, and the smallest and one past the largest byte offset into src0 among them.
struct PickedSpan {
    uint64_t count = 0;
    uint64_t lowest = UINT64_MAX, highest = 0;
};
PickedSpan PickedSpanOf(const GatherMaskShape& s, const GatherMaskBits& bits) {
    PickedSpan span;
    ForEachRepeat(s, bits, [&](int64_t r, const RepeatPicks& p) {
        span.count += p.count;
        if (p.count == 0) return;
        const int64_t base = GatherMaskLaneOffset(s, r, 0);
        span.lowest = std::min(span.lowest, static_cast<uint64_t>(base + p.least) * s.elemBytes);
        span.highest = std::max(span.highest, static_cast<uint64_t>(base + p.most + 1) * s.elemBytes);
    });
    return span;
}

// Picks that run through every repeat alike as `runs` runs of `run` elements, `period` elements apart from element
// `first` (one pattern, contiguous lanes, a repeat step of whole periods): a Split's columns, say.
struct PeriodicPicks {
    int64_t first = 0, run = 0, period = 0, runsPerRepeat = 0;
};

bool PeriodicOf(const GatherMaskShape& s, const GatherMaskBits& bits, PeriodicPicks& out) {
    if (!SameBitsEachRepeat(bits) || s.lastLanes != s.lanes || s.blkStride != 1) return false;
    thread_local std::vector<int64_t> decoded;  // block stride 1: a lane's offset from the repeat's first element
    std::vector<int64_t>& lanes = decoded;      // is its index
    lanes.clear();
    ForEachSelected(s, bits, 0, [&](int64_t i) { lanes.push_back(i); });
    if (lanes.empty()) return false;
    const auto n = static_cast<int64_t>(lanes.size());
    int64_t run = 1;
    while (run < n && lanes[run] == lanes[0] + run) ++run;
    const int64_t step = s.repStride * (32 / s.elemBytes);
    const int64_t period = run < n ? lanes[run] - lanes[0] : step;
    if (n % run != 0 || period < run || (n / run) * period != step) return false;
    for (int64_t j = 0; j < n; ++j) {
        if (lanes[j] != lanes[0] + (j / run) * period + j % run) return false;
    }
    out = {lanes[0], run, period, n / run};
    return true;
}

template <typename Elem, int64_t Period>
void CopyEvery(Elem* to, const Elem* from, int64_t count) {
    for (int64_t i = 0; i < count; ++i) std::memcpy(to + i, from + i * Period, sizeof(Elem));
}

// The periodic picks of every repeat, in order; one-element runs by a loop of constant stride where it is small.
template <typename Elem>
void CopyPeriodic(const PeriodicPicks& p, int64_t repeats, const uint8_t* src, uint8_t* out) {
    const Elem* from = reinterpret_cast<const Elem*>(src) + p.first;
    Elem* to = reinterpret_cast<Elem*>(out);
    const int64_t runs = p.runsPerRepeat * repeats;
    if (p.run == 1) {
        switch (p.period) {
            case 2:
                return CopyEvery<Elem, 2>(to, from, runs);
            case 3:
                return CopyEvery<Elem, 3>(to, from, runs);
            case 4:
                return CopyEvery<Elem, 4>(to, from, runs);
            case 6:
                return CopyEvery<Elem, 6>(to, from, runs);
            case 8:
                return CopyEvery<Elem, 8>(to, from, runs);
            default:
                break;
        }
    }
    for (int64_t t = 0; t < runs; ++t) std::memcpy(to + t * p.run, from + t * p.period, p.run * sizeof(Elem));
}

// The picked elements in order into `out`, their src0 byte offsets into `picked` (when not null), the running count
// after each repeat into `written`.
template <typename Elem>
void GatherMaskSelect(const GatherMaskShape& s, const GatherMaskBits& bits, const uint8_t* src, uint8_t* out,
                      uint32_t* picked, uint64_t* written) {
    PeriodicPicks periodic;
    if (picked == nullptr && PeriodicOf(s, bits, periodic)) {
        CopyPeriodic<Elem>(periodic, s.repeats, src, out);
        for (int64_t r = 0; r < s.repeats; ++r)
            written[r] = static_cast<uint64_t>((r + 1) * periodic.runsPerRepeat * periodic.run);
        return;
    }
    uint64_t k = 0;
    ForEachRepeat(s, bits, [&](int64_t r, const RepeatPicks& p) {
        const int64_t base = GatherMaskLaneOffset(s, r, 0);
        const Elem* from = reinterpret_cast<const Elem*>(src) + base;
        Elem* to = reinterpret_cast<Elem*>(out) + k;
        const int32_t* at = p.offsets;
        const size_t n = p.count;
        for (size_t j = 0; j < n; ++j) std::memcpy(to + j, from + at[j], sizeof(Elem));
        if (picked != nullptr) {
            for (size_t j = 0; j < n; ++j) picked[k + j] = static_cast<uint32_t>((base + at[j]) * sizeof(Elem));
        }
        k += n;
        written[r] = k;
    });
}

// 通用地址重叠约束: a repeat must not write what a later repeat reads (packing in place writes behind). The earlier
// repeats' writes are growing prefixes of dst, so repeat `later` meets one exactly when it meets the last prefix;
// the message names the earliest writing repeat.
void CheckGatherMaskOverlap(const char* api, const GatherMaskShape& s, const uint64_t* written, uint64_t dstUb,
                            uint64_t srcUb) {
    int64_t badR = s.repeats, badLater = s.repeats;
    for (int64_t later = 1; later < s.repeats; ++later) {
        const uint64_t rb = srcUb + GatherMaskLaneOffset(s, later, 0) * s.elemBytes;
        const uint64_t re = srcUb + (GatherMaskLaneOffset(s, later, s.LanesOf(later) - 1) + 1) * s.elemBytes;
        if (written[later - 1] == 0 || !(rb < dstUb + written[later - 1] * s.elemBytes && dstUb < re)) continue;
        const uint64_t* first = std::upper_bound(written, written + later, (rb - std::min(rb, dstUb)) / s.elemBytes,
                                                 [](uint64_t need, uint64_t w) { return need < w; });
        const auto r = static_cast<int64_t>(first - written);
        if (r < badR) badR = r, badLater = later;
    }
    if (badR < s.repeats) {
        Fail(api, Str("dst written by repeat ", badR, " overlaps the src0 of repeat ", badLater,
                      " (a repeat must not write what a later one reads)"));
    }
}

}  // namespace

GatherMaskShape GatherMaskShapeOf(const char* api, bool reduceMode, uint32_t mask, const AscendC::GatherMaskParams& p,
                                  uint32_t elemBytes) {
    const int64_t perRepeat = 256 / elemBytes;
    GatherMaskShape s{p.repeatTimes, perRepeat, perRepeat, p.src0BlockStride, p.src0RepeatStride, elemBytes};
    if (reduceMode) {
        if (mask == 0) Fail(api, "mask 0 in Counter mode (reduceMode true): the range is [1, 2^32 - 1]");
        if (Soc(Core()).version == SocVersion::kAscend310P) {
            s.repeats = (int64_t{mask} + perRepeat - 1) / perRepeat;
            s.lastLanes = int64_t{mask} - (s.repeats - 1) * perRepeat;
        } else {
            s.lanes = s.lastLanes = mask;
        }
    }
    if (s.repeats > 255) Fail(api, Str("repeatTimes ", s.repeats, " outside [0, 255]"));
    // GatherMask.md 产品支持情况: not on the Atlas inference products' Vector Core.
    if (Core().vectorCore) Fail(api, "not available on a Vector Core (Atlas inference products)");
    return s;
}

int64_t GatherMaskSrcExtent(const GatherMaskShape& s) {
    // Offsets grow with r at a fixed lane, so the last repeat reaches farthest, or the one before a shorter last one.
    const int64_t perBlock = 32 / s.elemBytes;
    int64_t extent = 0;
    for (int64_t r = std::max<int64_t>(0, s.repeats - 2); r < s.repeats; ++r) {
        const int64_t n = s.LanesOf(r);
        extent = std::max(
            {extent, GatherMaskLaneOffset(s, r, n - 1) + 1, GatherMaskLaneOffset(s, r, std::min(n, perBlock) - 1) + 1});
    }
    return extent;
}

uint64_t GatherMaskCount(const GatherMaskShape& s, const GatherMaskBits& bits) { return PickedSpanOf(s, bits).count; }

void GatherMaskPack(const char* api, const GatherMaskShape& s, const GatherMaskBits& bits, uint8_t* dst, uint64_t dstUb,
                    const uint8_t* src, uint64_t srcUb, int64_t srcExtent, const FlowOperand* pattern) {
    CoreContext& c = Core();
    thread_local std::vector<uint8_t> staged;
    thread_local std::vector<uint32_t> picked;
    thread_local std::vector<uint64_t> written;
    const PickedSpan span = PickedSpanOf(s, bits);  // one pass: the count and the src0 bytes the picks span
    const uint64_t n = span.count;
    const uint64_t srcEnd = srcUb + static_cast<uint64_t>(srcExtent) * s.elemBytes;
    // Staged when dst meets src (packing in place): nothing lands before the overlap rule passed.
    const bool inPlace = dstUb < srcEnd && srcUb < dstUb + n * s.elemBytes;
    if (inPlace) staged.resize(n * s.elemBytes);
    uint8_t* out = inPlace ? staged.data() : dst;
    // The src0 offsets only matter to definedness when a picked element may hold undefined bytes.
    const bool carries = n > 0 && !c.def.ub.Empty() && c.def.ub.AnyUndef(srcUb + span.lowest, srcUb + span.highest);
    if (carries) picked.resize(n);
    written.resize(static_cast<size_t>(s.repeats));
    uint32_t* offsets = carries ? picked.data() : nullptr;
    if (s.elemBytes == 2) {
        GatherMaskSelect<uint16_t>(s, bits, src, out, offsets, written.data());
    } else {
        GatherMaskSelect<uint32_t>(s, bits, src, out, offsets, written.data());
    }
    CheckGatherMaskOverlap(api, s, written.data(), dstUb, srcUb);
    if (inPlace && n > 0) std::memcpy(dst, staged.data(), staged.size());
    if (n > 0) {  // the pattern steers every element; each carries its own src0 element (offsets read if carries)
        PickFlow(c, api, dstUb, offsets, srcUb, static_cast<uint32_t>(n), s.elemBytes, span.lowest, span.highest,
                 Flow::kWhole, pattern);
    }
    // GatherMask.md 约束说明: the instruction leaves the mask in Normal mode.
    c.mask.counter = false;
    CountRepeats(c, VecClass::kSimple, s.repeats);
}

}  // namespace ascendc_sim
