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

// The repeats of a call and the elements of each: Normal mode, repeatTimes repeats of 256 bytes; Counter mode
// (reduceMode), A2/A3 `mask` elements per repeat for repeatTimes repeats (配置方式一), 310P `mask` elements in all
// (配置方式二). Strides as GatherMaskParams gives them (blocks).
struct GatherMaskShape {
    int64_t repeats, lanes, lastLanes;
    int64_t blkStride, repStride;
    uint32_t elemBytes;
    int64_t LanesOf(int64_t r) const { return r + 1 == repeats ? lastLanes : lanes; }
};
GatherMaskShape GatherMaskShapeOf(const char* api, bool reduceMode, uint32_t mask, const AscendC::GatherMaskParams& p,
                                  uint32_t elemBytes);
// Where the selection bits come from: built-in pattern `fixed` (1-7), else `bits` of a pattern tensor, repeat r's
// from bit r * repeatBits on (bit i selects element i of the repeat, LSB first).
struct GatherMaskBits {
    uint8_t fixed = 0;
    const uint8_t* bits = nullptr;
    int64_t repeatBits = 0;
};
// Elements src0 must hold for the call.
int64_t GatherMaskSrcExtent(const GatherMaskShape& shape);
// Elements the call selects (what it writes to dst and returns as rsvdCnt).
uint64_t GatherMaskCount(const GatherMaskShape& shape, const GatherMaskBits& bits);
// Packs the selected elements of `src` (UB byte address srcUb, `srcExtent` elements) into `dst` (at dstUb), checks
// the overlap rule, carries definedness (steered by `pattern`, if any) and charges the repeats.
void GatherMaskPack(const char* api, const GatherMaskShape& shape, const GatherMaskBits& bits, uint8_t* dst,
                    uint64_t dstUb, const uint8_t* src, uint64_t srcUb, int64_t srcExtent, const FlowOperand* pattern);

// The common run; returns the elements written.
template <typename T>
uint64_t GatherMaskRun(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                       const GatherMaskShape& shape, const GatherMaskBits& bits, const FlowOperand* pattern) {
    RequireType<T>(api, kOneOf<T, int16_t, uint16_t, half, int32_t, uint32_t, float> ||
                            (std::is_same_v<T, Bf16> && Soc(Core()).version != SocVersion::kAscend310P));
    if (shape.repeats == 0) return 0;
    const int64_t srcExtent = GatherMaskSrcExtent(shape);
    const auto* s = reinterpret_cast<const uint8_t*>(src0.Operand(api, "src0", static_cast<uint64_t>(srcExtent)));
    const uint64_t n = GatherMaskCount(shape, bits);
    auto* d = reinterpret_cast<uint8_t*>(dst.Operand(api, "dst", n));
    GatherMaskPack(api, shape, bits, d, dst.UbOffset(), s, src0.UbOffset(), srcExtent, pattern);
    return n;
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
    const GatherMaskShape shape = GatherMaskShapeOf(api, reduceMode, mask, gatherMaskParams, sizeof(T));
    // Repeat r consumes the pattern's bits from src1RepeatStride blocks on (GatherMask.md 功能说明).
    const int64_t repeatBits = int64_t{gatherMaskParams.src1RepeatStride} * 32 * 8;
    uint64_t patternElems = 0;
    for (int64_t r = 0; r < shape.repeats; ++r) {
        patternElems =
            std::max<uint64_t>(patternElems, (r * repeatBits + shape.LanesOf(r) + sizeof(U) * 8 - 1) / (sizeof(U) * 8));
    }
    const auto* bytes = reinterpret_cast<const uint8_t*>(src1Pattern.Operand(api, "src1Pattern", patternElems));
    const FlowOperand patternSide = CountOperand(src1Pattern, patternElems, true);
    rsvdCnt = GatherMaskRun<T>(api, dst, src0, shape, GatherMaskBits{0, bytes, repeatBits}, &patternSide);
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
    rsvdCnt = GatherMaskRun<T>(api, dst, src0, GatherMaskShapeOf(api, reduceMode, mask, gatherMaskParams, sizeof(T)),
                               GatherMaskBits{src1Pattern, nullptr, 0}, nullptr);
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
