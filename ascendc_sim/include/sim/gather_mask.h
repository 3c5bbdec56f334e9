// GatherMask (比较与选择/GatherMask.md): the elements of src0 whose gather-mask bit is 1, packed into dst, repeat
// after repeat; the mask is a built-in pattern (1-7) or the bits of a pattern tensor, bit i selecting element i of a
// repeat (LSB first). Gatherb (离散与聚合/Gatherb(ISASI).md): 32-byte blocks of src picked by byte offsets.
#pragma once
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "sim/kernel_utils.h"  // DEFAULT_BLK_STRIDE / DEFAULT_REPEAT_STRIDE / DEFAULT_BLK_NUM
#include "sim/vector_core.h"
#include "sim/vector_repeat.h"  // RepeatOffset / CountRepeats

namespace AscendC {

// kernel_struct_gather.h: strides in 32-byte blocks.
struct GatherMaskParams {
    __aicore__ GatherMaskParams() {}
    __aicore__ GatherMaskParams(const uint8_t src0BlockStrideIn, const uint16_t repeatTimesIn,
                                const uint16_t src0RepeatStrideIn, const uint8_t src1RepeatStrideIn)
        : src0BlockStride(src0BlockStrideIn),
          repeatTimes(repeatTimesIn),
          src0RepeatStride(src0RepeatStrideIn),
          src1RepeatStride(src1RepeatStrideIn) {}
    uint8_t src0BlockStride = DEFAULT_BLK_STRIDE;
    uint16_t repeatTimes = 0;
    uint16_t src0RepeatStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepeatStride = DEFAULT_REPEAT_STRIDE;
};

struct GatherRepeatParams {
    __aicore__ GatherRepeatParams() {}
    __aicore__ GatherRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t dstRepStrideIn)
        : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;  // the fields below dstBlkStride are reserved (Gatherb(ISASI).md 表3)
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

// Reserved (GatherMask.md 表1); kernel_struct_gather.h spells the default both ways.
enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
inline constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V2;
inline constexpr GatherMaskMode defaultGahterMaskMode = defaultGatherMaskMode;

}  // namespace AscendC

namespace ascendc_sim {

// Bit i of a built-in pattern (GatherMask.md 功能说明: 1 even, 2 odd, 3-6 one of four, 7 all).
inline bool FixedPatternBit(uint8_t pattern, int64_t i) {
    return pattern == 7 || (pattern <= 2 ? i % 2 == pattern - 1 : i % 4 == pattern - 3);
}

// The repeats of a call and the elements of each: Normal mode, repeatTimes repeats of 256 bytes; Counter mode
// (reduceMode), A2/A3 `mask` elements per repeat for repeatTimes repeats (配置方式一), 310P `mask` elements in all
// (配置方式二).
struct GatherMaskShape {
    int64_t repeats, lanes, lastLanes;
    int64_t LanesOf(int64_t r) const { return r + 1 == repeats ? lastLanes : lanes; }
};
template <typename T>
GatherMaskShape GatherMaskShapeOf(const char* api, bool reduceMode, uint32_t mask, const AscendC::GatherMaskParams& p) {
    constexpr int64_t kPerRepeat = 256 / sizeof(T);
    GatherMaskShape s{p.repeatTimes, kPerRepeat, kPerRepeat};
    if (reduceMode) {
        if (mask == 0) Fail(api, "mask 0 in Counter mode (reduceMode true): the range is [1, 2^32 - 1]");
        if (Soc(Core()).version == SocVersion::kAscend310P) {
            s.repeats = (int64_t{mask} + kPerRepeat - 1) / kPerRepeat;
            s.lastLanes = int64_t{mask} - (s.repeats - 1) * kPerRepeat;
        } else {
            s.lanes = s.lastLanes = mask;
        }
    }
    if (s.repeats > 255) Fail(api, Str("repeatTimes ", s.repeats, " outside [0, 255]"));
    return s;
}

// The common run: `bit(r, i)` says whether element i of repeat r is selected; returns the elements written.
template <typename T, typename Bit>
uint64_t GatherMaskRun(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                       const GatherMaskShape& shape, const AscendC::GatherMaskParams& p, Bit bit,
                       const FlowOperand* pattern) {
    CoreContext& c = Core();
    RequireType<T>(api, kOneOf<T, int16_t, uint16_t, half, int32_t, uint32_t, float> ||
                            (std::is_same_v<T, Bf16> && Soc(c).version != SocVersion::kAscend310P));
    const int64_t repeats = shape.repeats;
    if (repeats == 0) return 0;
    const int64_t blk = p.src0BlockStride, rep = p.src0RepeatStride;
    auto srcAt = [&](int64_t r, int64_t i) { return RepeatOffset<T>(r, i, blk, rep); };
    int64_t srcExtent = 0;
    for (int64_t r = 0; r < repeats; ++r) {
        const int64_t n = shape.LanesOf(r);
        srcExtent = std::max({srcExtent, srcAt(r, n - 1) + 1, srcAt(r, std::min<int64_t>(n, 32 / sizeof(T)) - 1) + 1});
    }
    const T* s = src0.Operand(api, "src0", static_cast<uint64_t>(srcExtent));
    std::vector<T> out;
    std::vector<uint32_t> picked;  // byte offsets into src0 of the selected elements
    std::vector<uint64_t> written(static_cast<size_t>(repeats));
    for (int64_t r = 0; r < repeats; ++r) {
        for (int64_t i = 0; i < shape.LanesOf(r); ++i) {
            if (!bit(r, i)) continue;
            out.push_back(s[srcAt(r, i)]);
            picked.push_back(static_cast<uint32_t>(srcAt(r, i) * sizeof(T)));
        }
        written[r] = out.size();
    }
    // 通用地址重叠约束: a repeat must not write what a later repeat reads (packing in place writes behind).
    const uint64_t dstUb = dst.UbOffset(), srcUb = src0.UbOffset();
    for (int64_t r = 0; r + 1 < repeats; ++r) {
        const uint64_t wEnd = dstUb + written[r] * sizeof(T);
        for (int64_t later = r + 1; later < repeats && written[r] > 0; ++later) {
            const uint64_t rb = srcUb + srcAt(later, 0) * sizeof(T);
            const uint64_t re = srcUb + (srcAt(later, shape.LanesOf(later) - 1) + 1) * sizeof(T);
            if (rb < wEnd && dstUb < re) {
                Fail(api, Str("dst written by repeat ", r, " overlaps the src0 of repeat ", later,
                              " (a repeat must not write what a later one reads)"));
            }
        }
    }
    T* d = dst.Operand(api, "dst", out.size());
    std::copy(out.begin(), out.end(), d);
    if (!out.empty()) {  // the pattern steers every element; each carries its own src0 element
        PickFlow(c, api, dstUb, picked.data(), srcUb, static_cast<uint32_t>(picked.size()), sizeof(T), 0,
                 static_cast<uint64_t>(srcExtent) * sizeof(T), Flow::kWhole, pattern);
    }
    // GatherMask.md 约束说明: the instruction leaves the mask in Normal mode.
    c.mask.counter = false;
    CountRepeats(c, VecClass::kSimple, repeats);
    return out.size();
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
__aicore__ inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                  const LocalTensor<U>& src1Pattern, const bool reduceMode, const uint32_t mask,
                                  const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt,
                                  ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    // kernel_operator_vec_gather_mask_impl.h (dav_c220): the pattern is uint16_t for 2-byte T, uint32_t for 4-byte T.
    static_assert(kOneOf<U, uint16_t, uint32_t> && sizeof(U) == sizeof(T),
                  "GatherMask: src1Pattern must be uint16_t for a 2-byte T and uint32_t for a 4-byte T");
    const char* api = "GatherMask";
    Poll(Core());
    const GatherMaskShape shape = GatherMaskShapeOf<T>(api, reduceMode, mask, gatherMaskParams);
    // Repeat r consumes the pattern's bits from src1RepeatStride blocks on (GatherMask.md 功能说明).
    const int64_t repeatBits = int64_t{gatherMaskParams.src1RepeatStride} * 32 * 8;
    uint64_t patternElems = 0;
    for (int64_t r = 0; r < shape.repeats; ++r) {
        patternElems =
            std::max<uint64_t>(patternElems, (r * repeatBits + shape.LanesOf(r) + sizeof(U) * 8 - 1) / (sizeof(U) * 8));
    }
    const auto* bytes = reinterpret_cast<const uint8_t*>(src1Pattern.Operand(api, "src1Pattern", patternElems));
    const FlowOperand patternSide = CountOperand(src1Pattern, patternElems, true);
    rsvdCnt = GatherMaskRun<T>(
        api, dst, src0, shape, gatherMaskParams,
        [&](int64_t r, int64_t i) {
            const int64_t b = r * repeatBits + i;
            return ((bytes[b / 8] >> (b % 8)) & 1) != 0;
        },
        &patternSide);
}

template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
__aicore__ inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern,
                                  const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                                  uint64_t& rsvdCnt, ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "GatherMask";
    Poll(Core());
    // GatherMask.md 功能说明: patterns 1-7; Atlas inference AI Core 1-6.
    const uint8_t highest = Soc(Core()).version == SocVersion::kAscend310P ? 6 : 7;
    if (src1Pattern < 1 || src1Pattern > highest) {
        Fail(api, Str("src1Pattern ", int{src1Pattern}, " outside the built-in patterns [1, ", int{highest}, "]"));
    }
    rsvdCnt = GatherMaskRun<T>(
        api, dst, src0, GatherMaskShapeOf<T>(api, reduceMode, mask, gatherMaskParams), gatherMaskParams,
        [&](int64_t, int64_t i) { return FixedPatternBit(src1Pattern, i); }, nullptr);
}

// Gatherb(ISASI).md: repeat r copies 8 blocks of 32 bytes, block j from src byte offset offset[r * 8 + j] to dst
// block r * dstRepStride + j * dstBlkStride (dstBlkStride 0 taken as 1).
template <typename T>
__aicore__ inline void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                               const LocalTensor<uint32_t>& offset, const uint8_t repeatTime,
                               const GatherRepeatParams& repeatParams, ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "Gatherb";
    CoreContext& c = Core();
    Poll(c);
    // Gatherb(ISASI).md 数据类型: A2/A3 uint16_t and uint32_t.
    RequireType<T>(api, kOneOf<T, uint16_t, uint32_t>);
    if (repeatTime == 0) return;  // documented NOP
    constexpr int64_t kPerBlock = 32 / sizeof(T);
    const int64_t blk = repeatParams.dstBlkStride == 0 ? 1 : repeatParams.dstBlkStride;
    const int64_t rep = repeatParams.dstRepStride;
    const uint32_t* off = offset.Operand(api, "offset", uint64_t{repeatTime} * 8);
    const T* s = src.Operand(api, "src", 0);
    const uint64_t srcBytes = uint64_t{src.GetSize()} * sizeof(T);
    Footprint blocks = Footprint::Contiguous(dst.UbOffset(), kPerBlock, sizeof(T) * 8);
    blocks.groups = repeatTime;
    blocks.groupPitch = static_cast<uint64_t>(rep) * 32;
    blocks.runs = 8;
    blocks.runPitch = static_cast<uint64_t>(blk) * 32;
    blocks.runElems = blocks.lastRunElems = kPerBlock;
    const int64_t extent = ((repeatTime - 1) * rep + 7 * blk + 1) * kPerBlock;
    T* d = dst.Operand(api, "dst", static_cast<uint64_t>(extent), &blocks);
    for (int64_t i = 0; i < int64_t{repeatTime} * 8; ++i) {
        // 约束说明: an offset keeps 32-byte alignment and stays within src.
        if (off[i] % 32 != 0 || uint64_t{off[i]} + 32 > srcBytes) {
            Fail(api,
                 Str("offset[", i, "] = ", off[i], " is not 32-byte aligned or leaves src of ", srcBytes, " bytes"));
        }
    }
    const uint64_t dAt = dst.UbOffset(), sAt = src.UbOffset();
    if (dAt < sAt + srcBytes && sAt < dAt + static_cast<uint64_t>(extent) * sizeof(T)) {
        Fail(api, "dst and src share memory (约束说明: not supported)");
    }
    for (int64_t r = 0; r < repeatTime; ++r) {
        for (int64_t j = 0; j < 8; ++j) {
            const T* from = s + off[r * 8 + j] / sizeof(T);
            std::copy(from, from + kPerBlock, d + (r * rep + j * blk) * kPerBlock);
        }
    }
    // The offsets steer every block (a gather's table); each block carries its source block.
    const FlowOperand table = CountOperand(offset, uint64_t{repeatTime} * 8, true);
    std::vector<uint32_t> picked(kPerBlock);
    for (int64_t b = 0; b < int64_t{repeatTime} * 8; ++b) {
        for (int64_t k = 0; k < kPerBlock; ++k) picked[k] = off[b] + static_cast<uint32_t>(k * sizeof(T));
        const uint64_t at = dAt + static_cast<uint64_t>(((b / 8) * rep + (b % 8) * blk) * 32);
        PickFlow(c, api, at, picked.data(), sAt, kPerBlock, sizeof(T), off[b], off[b] + 32, Flow::kWhole, &table);
    }
    CountRepeats(c, VecClass::kSimple, repeatTime);
}

}  // namespace AscendC
