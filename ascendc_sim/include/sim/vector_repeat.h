// Repeat-parameter ("high-dimensional") forms of the element-wise vector instructions, mask in continuous mode:
// repeat r, element i (< mask) of an operand lives at ((r * repStride + (i / perBlock) * blkStride) * perBlock
// + i % perBlock) elements from its start, strides counted in 32-byte blocks (Ascend C docs: BinaryRepeatParams,
// UnaryRepeatParams, "repeatStride" / "dataBlockStride"). A stride of 0 re-reads the same block(s): a src1RepStride
// of 0 broadcasts one row to every repeat. One call is one instruction of repeatTime repeats.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>

#include "sim/mask.h"
#include "sim/scalar_math.h"
#include "sim/transcendental_ftz.h"
#include "sim/vector_core.h"

namespace ascendc_sim {

// A stride argument that must fit the API's field width (the hardware would silently truncate it).
template <typename Field>
inline Field StrideField(const char* api, const char* name, int64_t value) {
    constexpr int64_t kMax = static_cast<int64_t>(static_cast<Field>(~Field{0}));
    if (value < 0 || value > kMax) Fail(api, Str(name, " ", value, " outside [0, ", kMax, "]"));
    return static_cast<Field>(value);
}

}  // namespace ascendc_sim

namespace AscendC {

struct UnaryRepeatParams {
    UnaryRepeatParams() = default;
    UnaryRepeatParams(int64_t dstBlk, int64_t srcBlk, int64_t dstRep, int64_t srcRep)
        : dstBlkStride(ascendc_sim::StrideField<uint16_t>("UnaryRepeatParams", "dstBlkStride", dstBlk)),
          srcBlkStride(ascendc_sim::StrideField<uint16_t>("UnaryRepeatParams", "srcBlkStride", srcBlk)),
          dstRepStride(ascendc_sim::StrideField<uint8_t>("UnaryRepeatParams", "dstRepStride", dstRep)),
          srcRepStride(ascendc_sim::StrideField<uint8_t>("UnaryRepeatParams", "srcRepStride", srcRep)) {}
    uint16_t dstBlkStride = 1;
    uint16_t srcBlkStride = 1;
    uint8_t dstRepStride = 8;
    uint8_t srcRepStride = 8;
};

struct BinaryRepeatParams {
    BinaryRepeatParams() = default;
    BinaryRepeatParams(int64_t dstBlk, int64_t src0Blk, int64_t src1Blk, int64_t dstRep, int64_t src0Rep,
                       int64_t src1Rep)
        : dstBlkStride(ascendc_sim::StrideField<uint8_t>("BinaryRepeatParams", "dstBlkStride", dstBlk)),
          src0BlkStride(ascendc_sim::StrideField<uint8_t>("BinaryRepeatParams", "src0BlkStride", src0Blk)),
          src1BlkStride(ascendc_sim::StrideField<uint8_t>("BinaryRepeatParams", "src1BlkStride", src1Blk)),
          dstRepStride(ascendc_sim::StrideField<uint8_t>("BinaryRepeatParams", "dstRepStride", dstRep)),
          src0RepStride(ascendc_sim::StrideField<uint8_t>("BinaryRepeatParams", "src0RepStride", src0Rep)),
          src1RepStride(ascendc_sim::StrideField<uint8_t>("BinaryRepeatParams", "src1RepStride", src1Rep)) {}
    uint8_t dstBlkStride = 1;
    uint8_t src0BlkStride = 1;
    uint8_t src1BlkStride = 1;
    uint8_t dstRepStride = 8;
    uint8_t src0RepStride = 8;
    uint8_t src1RepStride = 8;
};

}  // namespace AscendC

namespace ascendc_sim {

// Element offset of element i of repeat r of an operand with the given strides (32-byte blocks).
template <typename T>
inline int64_t RepeatOffset(int64_t r, int64_t i, int64_t blkStride, int64_t repStride) {
    constexpr int64_t kPerBlock = 32 / sizeof(T);
    return (r * repStride + (i / kPerBlock) * blkStride) * kPerBlock + i % kPerBlock;
}

// Elements an operand must hold for `repeat` repeats of `mask` elements (offsets grow with r; within a repeat a
// block stride of 0 makes the first block's last element the farthest).
template <typename T>
inline int64_t RepeatExtent(int64_t mask, int64_t repeat, int64_t blkStride, int64_t repStride) {
    constexpr int64_t kPerBlock = 32 / sizeof(T);
    int64_t last = RepeatOffset<T>(repeat - 1, mask - 1, blkStride, repStride);
    if (mask > kPerBlock) last = std::max(last, RepeatOffset<T>(repeat - 1, kPerBlock - 1, blkStride, repStride));
    return last + 1;
}

// Elements an operand must hold for a mask plan (sim/mask.h): its full repeats and a partial last one.
template <typename T>
inline int64_t PlannedExtent(const MaskPlan& p, int64_t blkStride, int64_t repStride) {
    int64_t extent = p.repeats > 0 ? RepeatExtent<T>(static_cast<int64_t>(p.mask), p.repeats, blkStride, repStride) : 0;
    if (p.tailMask != 0) {
        extent = std::max(extent, RepeatOffset<T>(p.repeats, 0, blkStride, repStride) +
                                      RepeatExtent<T>(static_cast<int64_t>(p.tailMask), 1, blkStride, repStride));
    }
    return extent;
}

// Shared checks of a repeat-form call; returns false for the documented no-op repeatTime 0.
template <typename T>
inline bool CheckRepeatForm(const char* api, uint64_t mask, int64_t repeatTime) {
    constexpr uint64_t kPerRepeat = 256 / sizeof(T);
    if (mask < 1 || mask > kPerRepeat) Fail(api, Str("mask ", mask, " outside [1, ", kPerRepeat, "]"));
    if (repeatTime < 0 || repeatTime > 255) Fail(api, Str("repeatTime ", repeatTime, " outside [0, 255]"));
    return repeatTime > 0;
}

// dstBlkStride 0 (several blocks to one) is undefined, and a dst that overlaps the src of a later repeat is
// unsupported (SIMD计算说明/高维切分.md; SIMD-API/通用说明和约束.md): both are errors.
template <typename T>
void CheckRepeatDst(const char* api, const T* d, int64_t dstBlk, int64_t dstRep, const T* s, int64_t srcBlk,
                    int64_t srcRep, uint64_t mask, int64_t repeatTime) {
    constexpr uint64_t kPerBlock = 32 / sizeof(T);
    if (dstBlk == 0 && mask > kPerBlock) Fail(api, Str("dstBlkStride 0 with mask ", mask, " is undefined"));
    const int64_t m = static_cast<int64_t>(mask);
    const int64_t dSpan = RepeatExtent<T>(m, 1, dstBlk, 0), sSpan = RepeatExtent<T>(m, 1, srcBlk, 0);
    // Repeat r writes [r * dStep, + dSpan), repeat l reads [x + l * sStep, + sSpan) (elements from d). Per later
    // repeat l, the earliest r < l whose dst meets its src is one division away (the dsts start on one stride): the
    // first pair (r, then l) is found in one pass, not over every pair.
    const int64_t dStep = RepeatOffset<T>(1, 0, dstBlk, dstRep), sStep = RepeatOffset<T>(1, 0, srcBlk, srcRep);
    const int64_t x = s - d;
    auto floorDiv = [](int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
    int64_t firstR = repeatTime, firstLater = repeatTime;
    for (int64_t later = 1; later < repeatTime; ++later) {
        const int64_t sl = x + later * sStep;  // r meets it iff sl - dSpan < r * dStep < sl + sSpan
        const int64_t r = dStep == 0 ? 0 : std::max<int64_t>(0, floorDiv(sl - dSpan, dStep) + 1);
        if (r < later && r * dStep > sl - dSpan && r * dStep < sl + sSpan && r < firstR) firstR = r, firstLater = later;
    }
    if (firstR < repeatTime) {
        Fail(api, Str("dst of repeat ", firstR, " overlaps the src of repeat ", firstLater,
                      " (a repeat must not write what a later one reads)"));
    }
}

inline void CountRepeats(CoreContext& c, VecClass k, int64_t repeatTime) {
    c.cost.vecRepeats[static_cast<int>(k)] += static_cast<uint64_t>(repeatTime);
    ++c.cost.vecInstrs;
    ChargeVector(c, k, static_cast<uint64_t>(repeatTime));
}

// One repeat's lanes [0, m) in runs contiguous in every operand: the whole mask when every block stride is 1 (the
// blocks follow each other), else block by block; the element loops then run over plain spans the compiler can
// vectorise. The checks stay per instruction (the callers' Operand, CheckRepeatDst, Propagate).
template <typename T>
inline int64_t LaneRun(int64_t m, bool unitBlocks) {
    return unitBlocks ? m : static_cast<int64_t>(32 / sizeof(T));
}

// One repeat's results (at most 256 bytes of T), so a repeat reads all its operands before it writes (in-place safe).
template <typename T>
using RepeatResults = std::array<ComputeType<T>, 256 / sizeof(T)>;

// dst = f(src0, src1, dst) per element; each repeat reads all its operands before writing (in-place safe).
template <typename T, typename F>
void BinaryRepeatLoop(const char* api, VecClass k, const AscendC::LocalTensor<T>& dst,
                      const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>& src1, uint64_t mask,
                      int64_t repeatTime, const AscendC::BinaryRepeatParams& p, F f, bool readsDst = false) {
    CoreContext& c = Core();
    Poll(c);
    if (!CheckRepeatForm<T>(api, mask, repeatTime)) return;
    const int64_t m = static_cast<int64_t>(mask);
    const FlowOperand dstOp = RepeatOperand(dst, m, repeatTime, p.dstBlkStride, p.dstRepStride);
    const FlowOperand a0 = RepeatOperand(src0, m, repeatTime, p.src0BlkStride, p.src0RepStride);
    const FlowOperand a1 = RepeatOperand(src1, m, repeatTime, p.src1BlkStride, p.src1RepStride);
    T* d = dst.Operand(api, "dst", RepeatExtent<T>(m, repeatTime, p.dstBlkStride, p.dstRepStride), &dstOp.fp);
    const T* a = src0.Operand(api, "src0", RepeatExtent<T>(m, repeatTime, p.src0BlkStride, p.src0RepStride), &a0.fp);
    const T* b = src1.Operand(api, "src1", RepeatExtent<T>(m, repeatTime, p.src1BlkStride, p.src1RepStride), &a1.fp);
    CheckRepeatDst(api, d, p.dstBlkStride, p.dstRepStride, a, p.src0BlkStride, p.src0RepStride, mask, repeatTime);
    CheckRepeatDst(api, d, p.dstBlkStride, p.dstRepStride, b, p.src1BlkStride, p.src1RepStride, mask, repeatTime);
    const int64_t run = LaneRun<T>(m, p.dstBlkStride == 1 && p.src0BlkStride == 1 && p.src1BlkStride == 1);
    RepeatResults<T> out;
    for (int64_t r = 0; r < repeatTime; ++r) {
        for (int64_t i0 = 0; i0 < m; i0 += run) {
            const int64_t n = std::min(run, m - i0);
            const T* ar = a + RepeatOffset<T>(r, i0, p.src0BlkStride, p.src0RepStride);
            const T* br = b + RepeatOffset<T>(r, i0, p.src1BlkStride, p.src1RepStride);
            const T* dr = d + RepeatOffset<T>(r, i0, p.dstBlkStride, p.dstRepStride);
            for (int64_t i = 0; i < n; ++i) out[i0 + i] = f(ToCompute(ar[i]), ToCompute(br[i]), ToCompute(dr[i]));
        }
        for (int64_t i0 = 0; i0 < m; i0 += run) {
            const int64_t n = std::min(run, m - i0);
            T* dr = d + RepeatOffset<T>(r, i0, p.dstBlkStride, p.dstRepStride);
            for (int64_t i = 0; i < n; ++i) dr[i] = FromCompute<T>(out[i0 + i]);
        }
    }
    if (readsDst) {
        Propagate(c, api, Flow::kElementwise, {dstOp}, {a0, a1, dstOp});
    } else {
        Propagate(c, api, Flow::kElementwise, {dstOp}, {a0, a1});
    }
    CountRepeats(c, k, repeatTime);
}

// dst = f(src) per element (the scalar is captured by f).
template <typename T, typename F>
void UnaryRepeatLoop(const char* api, VecClass k, const AscendC::LocalTensor<T>& dst,
                     const AscendC::LocalTensor<T>& src, uint64_t mask, int64_t repeatTime,
                     const AscendC::UnaryRepeatParams& p, F f) {
    CoreContext& c = Core();
    Poll(c);
    if (!CheckRepeatForm<T>(api, mask, repeatTime)) return;
    const int64_t m = static_cast<int64_t>(mask);
    const FlowOperand dstOp = RepeatOperand(dst, m, repeatTime, p.dstBlkStride, p.dstRepStride);
    const FlowOperand srcOp = RepeatOperand(src, m, repeatTime, p.srcBlkStride, p.srcRepStride);
    T* d = dst.Operand(api, "dst", RepeatExtent<T>(m, repeatTime, p.dstBlkStride, p.dstRepStride), &dstOp.fp);
    const T* s = src.Operand(api, "src", RepeatExtent<T>(m, repeatTime, p.srcBlkStride, p.srcRepStride), &srcOp.fp);
    CheckRepeatDst(api, d, p.dstBlkStride, p.dstRepStride, s, p.srcBlkStride, p.srcRepStride, mask, repeatTime);
    const int64_t run = LaneRun<T>(m, p.dstBlkStride == 1 && p.srcBlkStride == 1);
    RepeatResults<T> out;
    for (int64_t r = 0; r < repeatTime; ++r) {
        for (int64_t i0 = 0; i0 < m; i0 += run) {
            const int64_t n = std::min(run, m - i0);
            const T* sr = s + RepeatOffset<T>(r, i0, p.srcBlkStride, p.srcRepStride);
            for (int64_t i = 0; i < n; ++i) out[i0 + i] = f(ToCompute(sr[i]));
        }
        for (int64_t i0 = 0; i0 < m; i0 += run) {
            const int64_t n = std::min(run, m - i0);
            T* dr = d + RepeatOffset<T>(r, i0, p.dstBlkStride, p.dstRepStride);
            for (int64_t i = 0; i < n; ++i) dr[i] = FromCompute<T>(out[i0 + i]);
        }
    }
    Propagate(c, api, Flow::kElementwise, {dstOp}, {srcOp});
    CountRepeats(c, k, repeatTime);
}

}  // namespace ascendc_sim

namespace ascendc_sim {

// Runs `run(mask, repeats, firstRepeat)` over the lanes a repeat form's mask gives (sim/mask.h), in instructions
// of at most 255 repeats (a counter-mode mask derives more).
template <typename T, bool isSetMask, typename Run>
void ForMaskPlan(const char* api, uint64_t mask, int64_t repeatTime, Run run) {
    const MaskPlan plan = PlanMask<T, isSetMask>(api, mask, repeatTime);
    if (plan.repeats == 0 && plan.tailMask == 0) {
        run(plan.mask, 0, 0);  // the form's own checks; repeatTime 0 is a no-op
        return;
    }
    const int64_t chunk = isSetMask ? plan.repeats : 255;
    for (int64_t r0 = 0; r0 < plan.repeats; r0 += chunk) run(plan.mask, std::min(chunk, plan.repeats - r0), r0);
    if (plan.tailMask != 0) run(plan.tailMask, 1, plan.repeats);
}

// The operand as seen from repeat `rep` on.
template <typename T>
AscendC::LocalTensor<T> AtRepeat(const AscendC::LocalTensor<T>& t, int64_t rep, int64_t blkStride, int64_t repStride) {
    return rep == 0 ? t : t[static_cast<uint32_t>(RepeatOffset<T>(rep, 0, blkStride, repStride))];
}

}  // namespace ascendc_sim

// Binary instruction, repeat form: continuous mask, bit mask (mask[0] lanes 0-63, mask[1] lanes 64-127), or the mask
// register (isSetMask = false). `Head(Config, Default)` is its template head and `Args()` its template arguments;
// `flushes`: as ASCENDC_SIM_BINARY_AS of sim/vector_ops.h (the transcendental instructions' flush to zero).
#define ASCENDC_SIM_BINARY_REPEAT_AS(Name, kind, typeSet, Head, Config, Default, Args, flushes, expr)                 \
    Head(Config, Default) __aicore__ inline void Name(                                                                \
        const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint64_t mask,             \
        const int32_t repeatTime, const BinaryRepeatParams& repeatParams, ascendc_sim::CallSite = {}) {               \
        ascendc_sim::RequireType<T>(#Name, ascendc_sim::typeSet<T>);                                                  \
        using C = ascendc_sim::ComputeType<T>;                                                                        \
        const BinaryRepeatParams& p = repeatParams;                                                                   \
        const bool ftz = flushes;                                                                                     \
        ascendc_sim::ForMaskPlan<T, isSetMask>(#Name, mask, repeatTime, [&](uint64_t m, int64_t reps, int64_t r0) {   \
            ascendc_sim::BinaryRepeatLoop(                                                                            \
                #Name, ascendc_sim::VecClass::kind, ascendc_sim::AtRepeat(dst, r0, p.dstBlkStride, p.dstRepStride),   \
                ascendc_sim::AtRepeat(src0, r0, p.src0BlkStride, p.src0RepStride),                                    \
                ascendc_sim::AtRepeat(src1, r0, p.src1BlkStride, p.src1RepStride), m, reps, p, [ftz](C x, C y, C d) { \
                    (void)d;                                                                                          \
                    const C a = ascendc_sim::FlushIf<T>(ftz, x), b = ascendc_sim::FlushIf<T>(ftz, y);                 \
                    return ascendc_sim::FlushIf<T>(ftz, static_cast<C>(expr));                                        \
                });                                                                                                   \
        });                                                                                                           \
    }                                                                                                                 \
    Head(Config, Default) __aicore__ inline void Name(                                                                \
        const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const uint64_t mask[],     \
        const int32_t repeatTime, const BinaryRepeatParams& repeatParams, ascendc_sim::CallSite = {}) {               \
        Name<Args()>(dst, src0, src1, isSetMask ? ascendc_sim::BitMaskLanes<T>(#Name, mask) : 0, repeatTime,          \
                     repeatParams);                                                                                   \
    }
#define ASCENDC_SIM_REPEAT_HEAD(Config, Default) template <typename T, bool isSetMask = true>
#define ASCENDC_SIM_REPEAT_ARGS() T, isSetMask
#define ASCENDC_SIM_BINARY_REPEAT(Name, kind, typeSet, expr) \
    ASCENDC_SIM_BINARY_REPEAT_AS(Name, kind, typeSet, ASCENDC_SIM_REPEAT_HEAD, , , ASCENDC_SIM_REPEAT_ARGS, false, expr)

// Tensor-scalar instruction, repeat form.
#define ASCENDC_SIM_SCALAR_REPEAT(Name, kind, typeSet, expr)                                                          \
    template <typename T, bool isSetMask = true>                                                                      \
    __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,                                 \
                                const ascendc_sim::ScalarOf<T>& scalarValue, uint64_t mask, const int32_t repeatTime, \
                                const UnaryRepeatParams& repeatParams, ascendc_sim::CallSite = {}) {                  \
        ascendc_sim::RequireType<T>(#Name, ascendc_sim::typeSet<T>);                                                  \
        using C = ascendc_sim::ComputeType<T>;                                                                        \
        C b = ascendc_sim::ToCompute(scalarValue);                                                                    \
        const UnaryRepeatParams& p = repeatParams;                                                                    \
        ascendc_sim::ForMaskPlan<T, isSetMask>(#Name, mask, repeatTime, [&](uint64_t m, int64_t reps, int64_t r0) {   \
            ascendc_sim::UnaryRepeatLoop(#Name, ascendc_sim::VecClass::kind,                                          \
                                         ascendc_sim::AtRepeat(dst, r0, p.dstBlkStride, p.dstRepStride),              \
                                         ascendc_sim::AtRepeat(src, r0, p.srcBlkStride, p.srcRepStride), m, reps, p,  \
                                         [b](C a) { return static_cast<C>(expr); });                                  \
        });                                                                                                           \
    }                                                                                                                 \
    template <typename T, bool isSetMask = true>                                                                      \
    __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,                                 \
                                const ascendc_sim::ScalarOf<T>& scalarValue, const uint64_t mask[],                   \
                                const int32_t repeatTime, const UnaryRepeatParams& repeatParams,                      \
                                ascendc_sim::CallSite = {}) {                                                         \
        Name<T, isSetMask>(dst, src, scalarValue, isSetMask ? ascendc_sim::BitMaskLanes<T>(#Name, mask) : 0,          \
                           repeatTime, repeatParams);                                                                 \
    }

// One-source instruction, repeat form (Head, Args, flushes: as ASCENDC_SIM_BINARY_REPEAT_AS).
#define ASCENDC_SIM_UNARY_REPEAT_AS(Name, kind, typeSet, Head, Config, Default, Args, flushes, expr)                 \
    Head(Config, Default) __aicore__ inline void Name(                                                               \
        const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTime,               \
        const UnaryRepeatParams& repeatParams, ascendc_sim::CallSite = {}) {                                         \
        ascendc_sim::RequireType<T>(#Name, ascendc_sim::typeSet<T>);                                                 \
        using C = ascendc_sim::ComputeType<T>;                                                                       \
        const UnaryRepeatParams& p = repeatParams;                                                                   \
        const bool ftz = flushes;                                                                                    \
        ascendc_sim::ForMaskPlan<T, isSetMask>(#Name, mask, repeatTime, [&](uint64_t m, int64_t reps, int64_t r0) {  \
            ascendc_sim::UnaryRepeatLoop(                                                                            \
                #Name, ascendc_sim::VecClass::kind, ascendc_sim::AtRepeat(dst, r0, p.dstBlkStride, p.dstRepStride),  \
                ascendc_sim::AtRepeat(src, r0, p.srcBlkStride, p.srcRepStride), m, reps, p, [ftz](C x) {             \
                    const C a = ascendc_sim::FlushIf<T>(ftz, x);                                                     \
                    return ascendc_sim::FlushIf<T>(ftz, static_cast<C>(expr));                                       \
                });                                                                                                  \
        });                                                                                                          \
    }                                                                                                                \
    Head(Config, Default) __aicore__ inline void Name(                                                               \
        const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const uint8_t repeatTime,       \
        const UnaryRepeatParams& repeatParams, ascendc_sim::CallSite = {}) {                                         \
        Name<Args()>(dst, src, isSetMask ? ascendc_sim::BitMaskLanes<T>(#Name, mask) : 0, repeatTime, repeatParams); \
    }
#define ASCENDC_SIM_UNARY_REPEAT(Name, kind, typeSet, expr) \
    ASCENDC_SIM_UNARY_REPEAT_AS(Name, kind, typeSet, ASCENDC_SIM_REPEAT_HEAD, , , ASCENDC_SIM_REPEAT_ARGS, false, expr)

namespace AscendC {

ASCENDC_SIM_BINARY_REPEAT(Add, kSimple, kArithTypes, ascendc_sim::WrapAdd(a, b))
ASCENDC_SIM_BINARY_REPEAT(Sub, kSimple, kArithTypes, ascendc_sim::WrapSub(a, b))
ASCENDC_SIM_BINARY_REPEAT(Mul, kSimple, kArithTypes, ascendc_sim::WrapMul(a, b))
ASCENDC_SIM_BINARY_REPEAT(Max, kSimple, kArithTypes, a > b ? a : b)
ASCENDC_SIM_BINARY_REPEAT(Min, kSimple, kArithTypes, a < b ? a : b)

ASCENDC_SIM_BINARY_REPEAT_FTZ(Div, DivConfig, DEFAULT_DIV_CONFIG, a / b)

ASCENDC_SIM_SCALAR_REPEAT(Adds, kSimple, kArithTypes, ascendc_sim::WrapAdd(a, b))
ASCENDC_SIM_SCALAR_REPEAT(Muls, kSimple, kArithTypes, ascendc_sim::WrapMul(a, b))
ASCENDC_SIM_SCALAR_REPEAT(Maxs, kSimple, kArithTypes, a > b ? a : b)
ASCENDC_SIM_SCALAR_REPEAT(Mins, kSimple, kArithTypes, a < b ? a : b)
ASCENDC_SIM_SCALAR_REPEAT(LeakyRelu, kSimple, kFloatTypes, a >= C(0) ? a : a * b)

ASCENDC_SIM_UNARY_REPEAT(Abs, kSimple, kFloatTypes, ascendc_sim::fm::fabs(a))
ASCENDC_SIM_UNARY_REPEAT_FTZ(Exp, ExpConfig, DEFAULT_EXP_CONFIG, ascendc_sim::fm::exp(a))
ASCENDC_SIM_UNARY_REPEAT_FTZ(Ln, LnConfig, DEFAULT_LN_CONFIG, ascendc_sim::fm::log(a))
ASCENDC_SIM_UNARY_REPEAT_FTZ(Sqrt, SqrtConfig, DEFAULT_SQRT_CONFIG, ascendc_sim::fm::sqrt(a))
ASCENDC_SIM_UNARY_REPEAT_FTZ(Rsqrt, RsqrtConfig, DEFAULT_RSQRT_CONFIG, 1.0f / ascendc_sim::fm::sqrt(a))
ASCENDC_SIM_UNARY_REPEAT_FTZ(Reciprocal, ReciprocalConfig, DEFAULT_RECIPROCAL_CONFIG, 1.0f / a)
ASCENDC_SIM_UNARY_REPEAT(Relu, kSimple, kReluTypes, a > C(0) ? a : C(0))

// dst = src0 * src1 + dst (half / float, dst and sources of one dtype; the mixed float-dst form is not modeled).
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                                 const int32_t& count, ascendc_sim::CallSite = {}) {
    static_assert(std::is_same_v<T, U>, "MulAddDst: the twin models only dst and sources of one dtype");
    ascendc_sim::RequireType<T>("MulAddDst", ascendc_sim::kFloatTypes<T>);
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    ascendc_sim::RequireCount("MulAddDst", count);
    T* d = dst.Operand("MulAddDst", "dst", count);
    const T* a = src0.Operand("MulAddDst", "src0", count);
    const T* b = src1.Operand("MulAddDst", "src1", count);
    using C = ascendc_sim::ComputeType<T>;
    for (int32_t i = 0; i < count; ++i) {
        // Twin assumption: product and sum in the compute type (float for half), rounded to T once.
        d[i] = ascendc_sim::FromCompute<T>(
            static_cast<C>(ascendc_sim::ToCompute(a[i]) * ascendc_sim::ToCompute(b[i]) + ascendc_sim::ToCompute(d[i])));
    }
    ascendc_sim::Propagate(c, "MulAddDst", ascendc_sim::Flow::kElementwise, {ascendc_sim::CountOperand(dst, count)},
                           {ascendc_sim::CountOperand(src0, count), ascendc_sim::CountOperand(src1, count),
                            ascendc_sim::CountOperand(dst, count)});
    ascendc_sim::CountVector(c, ascendc_sim::VecClass::kSimple, count, sizeof(T));
}

template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
                                 uint64_t mask, const int32_t repeatTime, const BinaryRepeatParams& repeatParams,
                                 ascendc_sim::CallSite = {}) {
    static_assert(std::is_same_v<T, U>, "MulAddDst: the twin models only dst and sources of one dtype");
    ascendc_sim::RequireType<T>("MulAddDst", ascendc_sim::kFloatTypes<T>);
    using C = ascendc_sim::ComputeType<T>;
    ascendc_sim::BinaryRepeatLoop(
        "MulAddDst", ascendc_sim::VecClass::kSimple, dst, src0, src1, mask, repeatTime, repeatParams,
        [](C a, C b, C d) { return static_cast<C>(a * b + d); }, /*readsDst=*/true);
}

}  // namespace AscendC

#undef ASCENDC_SIM_BINARY_REPEAT_AS
#undef ASCENDC_SIM_BINARY_REPEAT
#undef ASCENDC_SIM_SCALAR_REPEAT
#undef ASCENDC_SIM_UNARY_REPEAT_AS
#undef ASCENDC_SIM_UNARY_REPEAT
#undef ASCENDC_SIM_REPEAT_HEAD
#undef ASCENDC_SIM_REPEAT_ARGS
