// The repeat forms of ReduceMax / ReduceMin / ReduceSum (mask, repeatTime, srcRepStride, calIndex), ReduceMin's count
// form, WholeReduceMax / WholeReduceMin, and the special registers the reductions leave behind
// (GetReduceRepeatSumSpr, GetReduceRepeatMaxMinSpr; 归约计算/ReduceMax.md, ReduceSum.md, ReduceRepeat.md).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "sim/mask.h"
#include "sim/reduce.h"
#include "sim/vector_core.h"
#include "sim/vector_repeat.h"

namespace AscendC {

enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };
enum class ReduceType { NONE = -1, SUM = 0, MAX, MIN };

}  // namespace AscendC

namespace ascendc_sim {

// Max (isMax) or min over `repeatTime` repeats of `mask` lanes; the first extreme wins. Its index is its element
// offset in src (the repeat's position and the lane; README assumption for strided repeats).
// A counter-mode mask (sim/mask.h) adds a last repeat of `plan.tailMask` lanes.
template <typename T>
void ReduceExtremeRepeat(const char* api, bool isMax, const AscendC::LocalTensor<T>& dst,
                         const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<T>& tmp, const MaskPlan& plan,
                         int32_t srcRepStride, bool calIndex) {
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kFloatTypes<T>);
    if (srcRepStride < 0) Fail(api, Str("srcRepStride ", srcRepStride, " is negative"));
    const int64_t repeatTime = PlannedRepeats(plan);
    if (!CheckRepeatForm<T>(api, plan.mask, repeatTime)) return;
    const T* s = src.Operand(api, "src", PlannedExtent<T>(plan, 1, srcRepStride));
    tmp.Operand(api, "sharedTmpBuffer", AlignUpElems<T>(repeatTime * 2));
    T* d = dst.Operand(api, "dst", calIndex ? 2 : 1);
    int64_t best = 0;
    float bestValue = static_cast<float>(s[0]);
    for (int64_t r = 0; r < repeatTime; ++r) {
        for (int64_t i = 0; i < PlannedLanes(plan, r); ++i) {
            const int64_t at = RepeatOffset<T>(r, i, 1, srcRepStride);
            const float v = static_cast<float>(s[at]);
            if (isMax ? v > bestValue : v < bestValue) {
                bestValue = v;
                best = at;
            }
        }
    }
    d[0] = s[best];
    if (calIndex) d[1] = IndexAsT<T>(static_cast<uint32_t>(best));
    tlsReduceValue = bestValue;
    tlsReduceIndex = static_cast<uint32_t>(best);
    ReduceAllFlow(c, api, CountOperand(dst, calIndex ? 2 : 1), PlanSources(src, plan, 1, srcRepStride));
    CountRepeats(c, VecClass::kReduce, repeatTime);
}

// Elements of T one repeat's result of a max/min reduction takes: value and index, value, or a 32-bit index.
template <typename T>
int64_t ReduceResultElems(AscendC::ReduceOrder order) {
    using AscendC::ReduceOrder;
    if (order == ReduceOrder::ORDER_VALUE_INDEX || order == ReduceOrder::ORDER_INDEX_VALUE) return 2;
    return order == ReduceOrder::ORDER_ONLY_INDEX ? static_cast<int64_t>(4 / sizeof(T)) : 1;
}

// Max or min of each repeat to dst (value and in-repeat index, in the order asked), dstRepStride in elements.
template <typename T>
void WholeReduceExtreme(const char* api, bool isMax, const AscendC::LocalTensor<T>& dst,
                        const AscendC::LocalTensor<T>& src, const MaskPlan& plan, int32_t dstRepStride,
                        int32_t srcBlkStride, int32_t srcRepStride, AscendC::ReduceOrder order) {
    using AscendC::ReduceOrder;
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kFloatTypes<T>);
    if (dstRepStride < 0 || srcBlkStride < 0 || srcRepStride < 0) Fail(api, "negative stride");
    const int64_t reps = PlannedRepeats(plan);
    if (!CheckRepeatForm<T>(api, plan.mask, reps)) return;
    // dstRepStride counts results: value and index pairs, values, or 32-bit indices (ReduceRepeat.md 表3).
    const int64_t unit = ReduceResultElems<T>(order);
    const T* s = src.Operand(api, "src", PlannedExtent<T>(plan, srcBlkStride, srcRepStride));
    T* d = dst.Operand(api, "dst", (reps - 1) * dstRepStride * unit + unit);
    for (int64_t r = 0; r < reps; ++r) {
        int64_t best = 0;
        float bestValue = static_cast<float>(s[RepeatOffset<T>(r, 0, srcBlkStride, srcRepStride)]);
        for (int64_t i = 1; i < PlannedLanes(plan, r); ++i) {
            const float v = static_cast<float>(s[RepeatOffset<T>(r, i, srcBlkStride, srcRepStride)]);
            if (isMax ? v > bestValue : v < bestValue) {
                bestValue = v;
                best = i;
            }
        }
        T* out = d + r * dstRepStride * unit;
        const T value = s[RepeatOffset<T>(r, best, srcBlkStride, srcRepStride)];
        const uint32_t index = static_cast<uint32_t>(best);
        switch (order) {
            case ReduceOrder::ORDER_VALUE_INDEX:
                out[0] = value;
                out[1] = IndexAsT<T>(index);
                break;
            case ReduceOrder::ORDER_INDEX_VALUE:
                out[0] = IndexAsT<T>(index);
                out[1] = value;
                break;
            case ReduceOrder::ORDER_ONLY_VALUE:
                out[0] = value;
                break;
            case ReduceOrder::ORDER_ONLY_INDEX:
                std::memcpy(out, &index, sizeof(index));
                break;
        }
        tlsReduceValue = bestValue;
        tlsReduceIndex = index;
    }
    const UndefFound found =
        Propagate(c, api, Flow::kGrouped, PlanResults(dst, plan, dstRepStride * unit, [unit](int64_t) { return unit; }),
                  PlanSources(src, plan, srcBlkStride, srcRepStride));
    SetRegDefined(c, SpecialReg::kReduce, !found.any);
    CountRepeats(c, VecClass::kReduce, reps);
}

// Max (isMax) or min of each 32-byte block of each repeat (the frame: BlockReduce).
template <typename T>
void BlockReduceExtreme(const char* api, bool isMax, const AscendC::LocalTensor<T>& dst,
                        const AscendC::LocalTensor<T>& src, const MaskPlan& plan, int32_t dstRepStride,
                        int32_t srcBlkStride, int32_t srcRepStride) {
    BlockReduce(api, dst, src, plan, dstRepStride, srcBlkStride, srcRepStride, [isMax](const T* v, int64_t n) {
        T best = v[0];
        for (int64_t i = 1; i < n; ++i) {
            if (isMax ? static_cast<float>(v[i]) > static_cast<float>(best)
                      : static_cast<float>(v[i]) < static_cast<float>(best)) {
                best = v[i];
            }
        }
        return best;
    });
}

// Sums of adjacent lane pairs (2i, 2i + 1) of each repeat, rounded to T; a lane past the mask adds 0. Repeat r's
// results start at dst[r * dstRepStride * (128 / sizeof(T))] (ReducePairElem.md: units of 128 bytes).
template <typename T>
void PairSum(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const MaskPlan& plan, int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride) {
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kFloatTypes<T>);
    if (dstRepStride < 0 || srcBlkStride < 0 || srcRepStride < 0) Fail(api, "negative stride");
    const int64_t reps = PlannedRepeats(plan);
    if (!CheckRepeatForm<T>(api, plan.mask, reps)) return;
    constexpr int64_t kHalfRepeat = 128 / sizeof(T);
    const T* s = src.Operand(api, "src", PlannedExtent<T>(plan, srcBlkStride, srcRepStride));
    T* d = dst.Operand(api, "dst", (reps - 1) * dstRepStride * kHalfRepeat + (PlannedLanes(plan, reps - 1) + 1) / 2);
    std::vector<T> out(static_cast<size_t>((plan.mask + 1) / 2));
    for (int64_t r = 0; r < reps; ++r) {
        const int64_t lanes = PlannedLanes(plan, r);
        const int64_t pairs = (lanes + 1) / 2;
        for (int64_t i = 0; i < pairs; ++i) {
            const float a = static_cast<float>(s[RepeatOffset<T>(r, 2 * i, srcBlkStride, srcRepStride)]);
            const float b = 2 * i + 1 < lanes
                                ? static_cast<float>(s[RepeatOffset<T>(r, 2 * i + 1, srcBlkStride, srcRepStride)])
                                : 0.0f;
            out[i] = FromCompute<T>(a + b);
        }
        for (int64_t i = 0; i < pairs; ++i) d[r * dstRepStride * kHalfRepeat + i] = out[i];
    }
    Propagate(c, api, Flow::kGrouped,
              PlanResults(dst, plan, dstRepStride * kHalfRepeat, [](int64_t lanes) { return (lanes + 1) / 2; }),
              PlanSources(src, plan, srcBlkStride, srcRepStride));
    CountRepeats(c, VecClass::kReduce, reps);
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, bool isSetMask = true>
__aicore__ inline void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const int32_t count, bool calIndex = false,
                                 ascendc_sim::CallSite = {}) {
    ascendc_sim::ReduceExtremeCount("ReduceMin", false, dst, src, sharedTmpBuffer, count, calIndex);
}

template <typename T, bool isSetMask = true>
__aicore__ inline void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const int32_t mask, const int32_t repeatTime,
                                 const int32_t srcRepStride, bool calIndex = false, ascendc_sim::CallSite = {}) {
    const auto plan = ascendc_sim::PlanMask<T, isSetMask>("ReduceMax", static_cast<uint64_t>(mask), repeatTime);
    ascendc_sim::ReduceExtremeRepeat("ReduceMax", true, dst, src, sharedTmpBuffer, plan, srcRepStride, calIndex);
}
template <typename T, bool isSetMask = true>
__aicore__ inline void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const int32_t mask, const int32_t repeatTime,
                                 const int32_t srcRepStride, bool calIndex = false, ascendc_sim::CallSite = {}) {
    const auto plan = ascendc_sim::PlanMask<T, isSetMask>("ReduceMin", static_cast<uint64_t>(mask), repeatTime);
    ascendc_sim::ReduceExtremeRepeat("ReduceMin", false, dst, src, sharedTmpBuffer, plan, srcRepStride, calIndex);
}
template <typename T, bool isSetMask = true>
__aicore__ inline void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const uint64_t mask[], const int32_t repeatTime,
                                 const int32_t srcRepStride, bool calIndex = false, ascendc_sim::CallSite = {}) {
    ReduceMax<T, true>(dst, src, sharedTmpBuffer, static_cast<int32_t>(ascendc_sim::BitMaskLanes<T>("ReduceMax", mask)),
                       repeatTime, srcRepStride, calIndex);
}
template <typename T, bool isSetMask = true>
__aicore__ inline void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const uint64_t mask[], const int32_t repeatTime,
                                 const int32_t srcRepStride, bool calIndex = false, ascendc_sim::CallSite = {}) {
    ReduceMin<T, true>(dst, src, sharedTmpBuffer, static_cast<int32_t>(ascendc_sim::BitMaskLanes<T>("ReduceMin", mask)),
                       repeatTime, srcRepStride, calIndex);
}

// Sum over `repeatTime` repeats of `mask` lanes: a tree inside each repeat, the repeat sums in order (way 1 of
// ReduceSum.md), every partial sum rounded to T.
template <typename T, bool isSetMask = true>
__aicore__ inline void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const int32_t mask, const int32_t repeatTime,
                                 const int32_t srcRepStride, ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "ReduceSum";
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kFloatTypes<T>);
    const MaskPlan plan = PlanMask<T, isSetMask>(api, static_cast<uint64_t>(mask), repeatTime);
    const int64_t reps = PlannedRepeats(plan);
    if (srcRepStride < 0) Fail(api, Str("srcRepStride ", srcRepStride, " is negative"));
    if (!CheckRepeatForm<T>(api, plan.mask, reps)) return;
    const T* s = src.Operand(api, "src", PlannedExtent<T>(plan, 1, srcRepStride));
    sharedTmpBuffer.CheckLive(api);
    T* d = dst.Operand(api, "dst", 1);
    std::vector<T> row(static_cast<size_t>(plan.mask));
    float total = 0.0f;
    for (int64_t r = 0; r < reps; ++r) {
        const int64_t lanes = PlannedLanes(plan, r);
        for (int64_t i = 0; i < lanes; ++i) row[i] = s[RepeatOffset<T>(r, i, 1, srcRepStride)];
        total = static_cast<float>(T(total + TreeSum<T>(row.data(), lanes)));
    }
    d[0] = FromCompute<T>(total);
    tlsReduceSum = total;
    ReduceAllFlow(c, api, CountOperand(dst, 1), PlanSources(src, plan, 1, srcRepStride));
    CountRepeats(c, VecClass::kReduce, reps);
}
template <typename T, bool isSetMask = true>
__aicore__ inline void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const LocalTensor<T>& sharedTmpBuffer, const uint64_t mask[], const int32_t repeatTime,
                                 const int32_t srcRepStride, ascendc_sim::CallSite = {}) {
    ReduceSum<T, true>(dst, src, sharedTmpBuffer, static_cast<int32_t>(ascendc_sim::BitMaskLanes<T>("ReduceSum", mask)),
                       repeatTime, srcRepStride);
}

template <typename T, bool isSetMask = true>
__aicore__ inline void WholeReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,
                                      const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                                      const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,
                                      ascendc_sim::CallSite = {}) {
    const auto plan = ascendc_sim::PlanMask<T, isSetMask>("WholeReduceMax", static_cast<uint64_t>(mask), repeatTime);
    ascendc_sim::WholeReduceExtreme("WholeReduceMax", true, dst, src, plan, dstRepStride, srcBlkStride, srcRepStride,
                                    order);
}
template <typename T, bool isSetMask = true>
__aicore__ inline void WholeReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,
                                      const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                                      const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,
                                      ascendc_sim::CallSite = {}) {
    const auto plan = ascendc_sim::PlanMask<T, isSetMask>("WholeReduceMin", static_cast<uint64_t>(mask), repeatTime);
    ascendc_sim::WholeReduceExtreme("WholeReduceMin", false, dst, src, plan, dstRepStride, srcBlkStride, srcRepStride,
                                    order);
}

// The special registers: the last ReduceSum's total, the last max/min reduction's value and index.
template <typename T>
__aicore__ inline T GetReduceRepeatSumSpr(ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
    ascendc_sim::RequireDefinedReg(ascendc_sim::Core(), "GetReduceRepeatSumSpr", ascendc_sim::SpecialReg::kReduce);
    return T(ascendc_sim::tlsReduceSum);
}
template <typename T>
__aicore__ inline void GetReduceRepeatMaxMinSpr(T& maxMinValue, T& maxMinIndex, ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
    ascendc_sim::RequireDefinedReg(ascendc_sim::Core(), "GetReduceRepeatMaxMinSpr", ascendc_sim::SpecialReg::kReduce);
    maxMinValue = T(ascendc_sim::tlsReduceValue);
    maxMinIndex = ascendc_sim::IndexAsT<T>(ascendc_sim::tlsReduceIndex);
}
template <typename T>
__aicore__ inline void GetReduceRepeatMaxMinSpr(T& maxMinValue, ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
    ascendc_sim::RequireDefinedReg(ascendc_sim::Core(), "GetReduceRepeatMaxMinSpr", ascendc_sim::SpecialReg::kReduce);
    maxMinValue = T(ascendc_sim::tlsReduceValue);
}
// The names before GetReduceRepeat*Spr (still in CANN 8.1).
template <typename T>
__aicore__ inline void GetReduceMaxMinCount(T& maxMinValue, T& maxMinIndex, ascendc_sim::CallSite = {}) {
    GetReduceRepeatMaxMinSpr(maxMinValue, maxMinIndex);
}
template <typename T>
__aicore__ inline void GetReduceMaxMinCount(T& maxMinValue, ascendc_sim::CallSite = {}) {
    GetReduceRepeatMaxMinSpr(maxMinValue);
}
template <typename T>
__aicore__ inline T GetAccVal(ascendc_sim::CallSite = {}) {
    return GetReduceRepeatSumSpr<T>();
}

template <typename T, bool isSetMask = true>
__aicore__ inline void BlockReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                                      const int32_t mask, const int32_t dstRepStride, const int32_t srcBlkStride,
                                      const int32_t srcRepStride, ascendc_sim::CallSite = {}) {
    const auto plan = ascendc_sim::PlanMask<T, isSetMask>("BlockReduceMax", static_cast<uint64_t>(mask), repeatTime);
    ascendc_sim::BlockReduceExtreme("BlockReduceMax", true, dst, src, plan, dstRepStride, srcBlkStride, srcRepStride);
}
template <typename T, bool isSetMask = true>
__aicore__ inline void BlockReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                                      const int32_t mask, const int32_t dstRepStride, const int32_t srcBlkStride,
                                      const int32_t srcRepStride, ascendc_sim::CallSite = {}) {
    const auto plan = ascendc_sim::PlanMask<T, isSetMask>("BlockReduceMin", static_cast<uint64_t>(mask), repeatTime);
    ascendc_sim::BlockReduceExtreme("BlockReduceMin", false, dst, src, plan, dstRepStride, srcBlkStride, srcRepStride);
}
template <typename T, bool isSetMask = true>
__aicore__ inline void PairReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                                     const int32_t mask, const int32_t dstRepStride, const int32_t srcBlkStride,
                                     const int32_t srcRepStride, ascendc_sim::CallSite = {}) {
    const auto plan = ascendc_sim::PlanMask<T, isSetMask>("PairReduceSum", static_cast<uint64_t>(mask), repeatTime);
    ascendc_sim::PairSum("PairReduceSum", dst, src, plan, dstRepStride, srcBlkStride, srcRepStride);
}

// The reduction families by ReduceType (归约计算/ReduceDataBlock.md, ReduceRepeat.md, ReducePairElem.md): the same
// instructions as BlockReduce*, WholeReduce* and PairReduceSum, mask before repeatTime.
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
__aicore__ inline void ReduceDataBlock(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask,
                                       const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                                       const int32_t srcRepStride, ascendc_sim::CallSite = {}) {
    static_assert(std::is_same_v<T, U>, "ReduceDataBlock: dst and src of one dtype");
    static_assert(reduceType != ReduceType::NONE, "ReduceDataBlock: SUM, MAX or MIN");
    if constexpr (reduceType == ReduceType::SUM) {
        BlockReduceSum<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, srcRepStride);
    } else if constexpr (reduceType == ReduceType::MAX) {
        BlockReduceMax<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, srcRepStride);
    } else {
        BlockReduceMin<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, srcRepStride);
    }
}
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
__aicore__ inline void ReduceDataBlock(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[],
                                       const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                                       const int32_t srcRepStride, ascendc_sim::CallSite = {}) {
    ReduceDataBlock<reduceType, T, U, true>(dst, src,
                                            static_cast<int32_t>(ascendc_sim::BitMaskLanes<T>("ReduceDataBlock", mask)),
                                            repeatTime, dstRepStride, srcBlkStride, srcRepStride);
}
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
__aicore__ inline void ReduceRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask,
                                    const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                                    const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,
                                    ascendc_sim::CallSite = {}) {
    static_assert(std::is_same_v<T, U>, "ReduceRepeat: dst and src of one dtype");
    static_assert(reduceType != ReduceType::NONE, "ReduceRepeat: SUM, MAX or MIN");
    if constexpr (reduceType == ReduceType::SUM) {
        WholeReduceSum<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, srcRepStride);
    } else if constexpr (reduceType == ReduceType::MAX) {
        WholeReduceMax<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, srcRepStride, order);
    } else {
        WholeReduceMin<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride, srcRepStride, order);
    }
}
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
__aicore__ inline void ReduceRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[],
                                    const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                                    const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,
                                    ascendc_sim::CallSite = {}) {
    ReduceRepeat<reduceType, T, U, true>(dst, src,
                                         static_cast<int32_t>(ascendc_sim::BitMaskLanes<T>("ReduceRepeat", mask)),
                                         repeatTime, dstRepStride, srcBlkStride, srcRepStride, order);
}
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
__aicore__ inline void ReducePairElem(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask,
                                      const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                                      const int32_t srcRepStride, ascendc_sim::CallSite = {}) {
    static_assert(std::is_same_v<T, U>, "ReducePairElem: dst and src of one dtype");
    static_assert(reduceType == ReduceType::SUM, "ReducePairElem: only ReduceType::SUM is documented");
    PairReduceSum<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, srcRepStride);
}
template <ReduceType reduceType, typename T, typename U, bool isSetMask = true>
__aicore__ inline void ReducePairElem(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[],
                                      const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                                      const int32_t srcRepStride, ascendc_sim::CallSite = {}) {
    ReducePairElem<reduceType, T, U, true>(dst, src,
                                           static_cast<int32_t>(ascendc_sim::BitMaskLanes<T>("ReducePairElem", mask)),
                                           repeatTime, dstRepStride, srcBlkStride, srcRepStride);
}

}  // namespace AscendC
