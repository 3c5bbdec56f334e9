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

// Element offsets of repeat r's selected lanes from the repeat's first element, in lane order (r's own bits).
void SelectedOffsets(const GatherMaskShape& s, const GatherMaskBits& bits, int64_t r, std::vector<int64_t>& out) {
    out.clear();
    const int64_t base = GatherMaskLaneOffset(s, r, 0);
    ForEachSelected(s, bits, r, [&](int64_t i) { out.push_back(GatherMaskLaneOffset(s, r, i) - base); });
}

// Whether repeat r needs its own decode of the bits (the first, any of a per-repeat pattern, a shorter last one).
bool DecodesAt(const GatherMaskShape& s, const GatherMaskBits& bits, int64_t r) {
    return r == 0 || !SameBitsEachRepeat(bits) || (r + 1 == s.repeats && s.lastLanes != s.lanes);
}

// The smallest and one past the largest byte offset into src0 the call picks.
struct PickedSpan {
    uint64_t lowest = UINT64_MAX, highest = 0;
};
PickedSpan PickedSpanOf(const GatherMaskShape& s, const GatherMaskBits& bits) {
    PickedSpan span;
    std::vector<int64_t> offsets;
    int64_t least = 0, most = 0;
    for (int64_t r = 0; r < s.repeats; ++r) {
        if (DecodesAt(s, bits, r)) {
            SelectedOffsets(s, bits, r, offsets);
            if (!offsets.empty()) {
                least = *std::min_element(offsets.begin(), offsets.end());  // a block stride of 0 reorders them
                most = *std::max_element(offsets.begin(), offsets.end());
            }
        }
        if (offsets.empty()) continue;
        const int64_t base = GatherMaskLaneOffset(s, r, 0);
        span.lowest = std::min(span.lowest, static_cast<uint64_t>(base + least) * s.elemBytes);
        span.highest = std::max(span.highest, static_cast<uint64_t>(base + most + 1) * s.elemBytes);
    }
    return span;
}

// The picked elements in order into `out`, their src0 byte offsets into `picked` (when not null), the running count
// after each repeat into `written`. A pattern the same for every repeat is decoded once.
template <typename Elem>
void GatherMaskSelect(const GatherMaskShape& s, const GatherMaskBits& bits, const uint8_t* src, uint8_t* out,
                      uint32_t* picked, uint64_t* written) {
    thread_local std::vector<int64_t> offsets;
    uint64_t k = 0;
    for (int64_t r = 0; r < s.repeats; ++r) {
        if (DecodesAt(s, bits, r)) SelectedOffsets(s, bits, r, offsets);
        const int64_t base = GatherMaskLaneOffset(s, r, 0);
        const Elem* from = reinterpret_cast<const Elem*>(src) + base;
        Elem* to = reinterpret_cast<Elem*>(out) + k;
        const size_t n = offsets.size();
        for (size_t j = 0; j < n; ++j) std::memcpy(to + j, from + offsets[j], sizeof(Elem));
        if (picked != nullptr) {
            for (size_t j = 0; j < n; ++j) picked[k + j] = static_cast<uint32_t>((base + offsets[j]) * sizeof(Elem));
        }
        k += n;
        written[r] = k;
    }
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
        const uint64_t* first =
            std::upper_bound(written, written + later, (rb - std::min(rb, dstUb)) / s.elemBytes,
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
    const int64_t perBlock = 32 / s.elemBytes;
    int64_t extent = 0;
    for (int64_t r = 0; r < s.repeats; ++r) {
        const int64_t n = s.LanesOf(r);
        extent = std::max({extent, GatherMaskLaneOffset(s, r, n - 1) + 1,
                           GatherMaskLaneOffset(s, r, std::min(n, perBlock) - 1) + 1});
    }
    return extent;
}

uint64_t GatherMaskCount(const GatherMaskShape& s, const GatherMaskBits& bits) {
    uint64_t n = 0;
    for (int64_t r = 0; r < s.repeats; ++r) {
        const int64_t lanes = s.LanesOf(r);
        for (int64_t first = 0; first < lanes; first += 64) {
            n += static_cast<uint64_t>(
                __builtin_popcountll(GatherMaskWord(bits, r, first, std::min<int64_t>(64, lanes - first))));
        }
    }
    return n;
}

void GatherMaskPack(const char* api, const GatherMaskShape& s, const GatherMaskBits& bits, uint8_t* dst,
                    uint64_t dstUb, const uint8_t* src, uint64_t srcUb, int64_t srcExtent, const FlowOperand* pattern) {
    CoreContext& c = Core();
    thread_local std::vector<uint8_t> staged;
    thread_local std::vector<uint32_t> picked;
    thread_local std::vector<uint64_t> written;
    const uint64_t n = GatherMaskCount(s, bits);
    const uint64_t srcEnd = srcUb + static_cast<uint64_t>(srcExtent) * s.elemBytes;
    // Staged when dst meets src (packing in place): nothing lands before the overlap rule passed.
    const bool inPlace = dstUb < srcEnd && srcUb < dstUb + n * s.elemBytes;
    if (inPlace) staged.resize(n * s.elemBytes);
    uint8_t* out = inPlace ? staged.data() : dst;
    // The src0 offsets only matter to definedness when a picked element may hold undefined bytes.
    const PickedSpan span = n > 0 ? PickedSpanOf(s, bits) : PickedSpan{0, 0};
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
