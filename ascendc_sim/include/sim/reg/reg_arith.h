// The register API's arithmetic (asc-devkit include/basic_api/reg_compute/kernel_reg_compute_vec_binary_intf.h,
// _vec_unary_intf.h, _vec_binary_scalar_intf.h, _vec_fused_intf.h, _vec_duplicate_intf.h, _vec_arange_intf.h):
// element-wise over the lanes the mask selects, in float for half / bfloat16 (rounded once), wrapping for integers.
// Exp, Ln, Sqrt and Div flush float subnormals as the basic API does on the SoC (sim/transcendental_ftz.h), unless
// their SpecificMode's algorithm keeps them.
#pragma once
#include <cstdint>
#include <type_traits>

#include "sim/reg/reg_lanes.h"
#include "sim/scalar_math.h"
#include "sim/transcendental_ftz.h"
#include "sim/types.h"
#include "sim/vector_core.h"

namespace ascendc_sim::reg {

// The merge mode and the subnormal choice of an `auto mode` parameter: a MaskMergeMode, or a pointer to an
// ExpSpecificMode / DivSpecificMode / ... (kernel_reg_compute_utils.h).
template <auto mode>
constexpr MaskMergeMode MergeOf() {
    if constexpr (std::is_same_v<decltype(mode), MaskMergeMode>) {
        return mode;
    } else {
        return mode->mrgMode;
    }
}
template <auto mode>
constexpr FtzChoice FtzOf() {
    if constexpr (std::is_same_v<decltype(mode), MaskMergeMode>) {
        return FtzChoice::kDefault;
    } else {
        return ChoiceOf(mode->algo);
    }
}

template <typename U>
const UndefOrigin* FirstOrigin(const U& a) {
    return a.undef.AnyAtAll() ? &a.origin : nullptr;
}
template <typename U>
const UndefOrigin* FirstOrigin(const U& a, const U& b) {
    return a.undef.AnyAtAll() ? &a.origin : b.undef.AnyAtAll() ? &b.origin : nullptr;
}

// dst = f(a) lane by lane, in the compute type.
template <MaskMergeMode mode, typename U, typename F>
void UnaryLanes(VecClass k, U& dst, const U& a, const MaskReg& mask, F f) {
    using T = typename U::ActualT;
    const UndefOrigin* origin = FirstOrigin(a);
    ForLanes(
        dst, mask, mode, [&](uint32_t i) { return FromCompute<T>(f(ToCompute(a.Lane(i)))); },
        [&](uint32_t i) { return a.LaneUndef(i); }, origin);
    ChargeRegInstr(k);
}

// dst = f(a, b) lane by lane.
template <MaskMergeMode mode, typename U, typename F>
void BinaryLanes(VecClass k, U& dst, const U& a, const U& b, const MaskReg& mask, F f) {
    using T = typename U::ActualT;
    const UndefOrigin* origin = FirstOrigin(a, b);
    ForLanes(
        dst, mask, mode, [&](uint32_t i) { return FromCompute<T>(f(ToCompute(a.Lane(i)), ToCompute(b.Lane(i)))); },
        [&](uint32_t i) { return a.LaneUndef(i) || b.LaneUndef(i); }, origin);
    ChargeRegInstr(k);
}

}  // namespace ascendc_sim::reg

namespace AscendC {
namespace Reg {}
namespace MicroAPI = Reg;  // the API's older name (asc-devkit samples spell both)
}  // namespace AscendC

namespace AscendC::Reg {

// The `auto mode` argument of the flushing instructions: merge mode and algorithm (kernel_reg_compute_utils.h).
struct ExpSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    ExpAlgo algo = ExpAlgo::INTRINSIC;
};
struct LnSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    LnAlgo algo = LnAlgo::INTRINSIC;
};
struct DivSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    bool precisionMode = false;
    DivAlgo algo = DivAlgo::INTRINSIC;
};
struct SqrtSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    bool precisionMode = false;
    SqrtAlgo algo = SqrtAlgo::INTRINSIC;
};

#define ASCENDC_SIM_REG_BINARY(Name, expr)                                                                  \
    template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>            \
    inline void Name(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask, ascendc_sim::CallSite = {}) {        \
        using C = ascendc_sim::ComputeType<typename U::ActualT>;                                            \
        ascendc_sim::reg::BinaryLanes<mode>(ascendc_sim::VecClass::kSimple, dstReg, srcReg0, srcReg1, mask, \
                                            [](C a, C b) -> C { return expr; });                            \
    }
ASCENDC_SIM_REG_BINARY(Add, ascendc_sim::WrapAdd(a, b))
ASCENDC_SIM_REG_BINARY(Sub, ascendc_sim::WrapSub(a, b))
ASCENDC_SIM_REG_BINARY(Mul, ascendc_sim::WrapMul(a, b))
ASCENDC_SIM_REG_BINARY(Max, a > b ? a : b)
ASCENDC_SIM_REG_BINARY(Min, a < b ? a : b)
ASCENDC_SIM_REG_BINARY(Prelu, a >= C(0) ? a : a * b)
ASCENDC_SIM_REG_BINARY(AbsSub, a > b ? C(a - b) : C(b - a))
#undef ASCENDC_SIM_REG_BINARY

#define ASCENDC_SIM_REG_BITWISE(Name, op)                                                                   \
    template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>            \
    inline void Name(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask, ascendc_sim::CallSite = {}) {        \
        using E = typename U::ActualT;                                                                      \
        static_assert(std::is_integral_v<E>, #Name " takes integer registers (" #Name " doc)");             \
        ascendc_sim::reg::BinaryLanes<mode>(ascendc_sim::VecClass::kSimple, dstReg, srcReg0, srcReg1, mask, \
                                            [](E a, E b) -> E { return static_cast<E>(a op b); });          \
    }
ASCENDC_SIM_REG_BITWISE(And, &)
ASCENDC_SIM_REG_BITWISE(Or, |)
ASCENDC_SIM_REG_BITWISE(Xor, ^)
#undef ASCENDC_SIM_REG_BITWISE

template <typename T = DefaultType, auto mode = MaskMergeMode::ZEROING, typename U>
inline void Div(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using E = typename U::ActualT;
    using C = ascendc_sim::ComputeType<E>;
    const bool ftz = ascendc_sim::CallFlushes("Div", ascendc_sim::reg::FtzOf<mode>());
    ascendc_sim::reg::BinaryLanes<ascendc_sim::reg::MergeOf<mode>()>(
        ascendc_sim::VecClass::kTranscendental, dstReg, srcReg0, srcReg1, mask, [ftz](C a, C b) -> C {
            if constexpr (std::is_integral_v<C>) {
                return b == 0 ? C(0) : static_cast<C>(a / b);
            } else {
                return ascendc_sim::FlushIf<E>(ftz, ascendc_sim::FlushIf<E>(ftz, a) / ascendc_sim::FlushIf<E>(ftz, b));
            }
        });
}

// dst = src0 * src1 + dst (MulAddDst doc)
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
inline void MulAddDst(U& dstReg, U& srcReg0, U& srcReg1, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using E = typename U::ActualT;
    const ascendc_sim::UndefOrigin* origin = ascendc_sim::reg::FirstOrigin(srcReg0, srcReg1);
    ascendc_sim::reg::ForLanes(
        dstReg, mask, mode,
        [&](uint32_t i) {
            return ascendc_sim::FromCompute<E>(ascendc_sim::WrapAdd(
                ascendc_sim::WrapMul(ascendc_sim::ToCompute(srcReg0.Lane(i)), ascendc_sim::ToCompute(srcReg1.Lane(i))),
                ascendc_sim::ToCompute(dstReg.Lane(i))));
        },
        [&](uint32_t i) { return srcReg0.LaneUndef(i) || srcReg1.LaneUndef(i) || dstReg.LaneUndef(i); }, origin);
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

// --- unary ---
#define ASCENDC_SIM_REG_UNARY(Name, expr)                                                        \
    template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U> \
    inline void Name(U& dstReg, U& srcReg, MaskReg& mask, ascendc_sim::CallSite = {}) {          \
        using C = ascendc_sim::ComputeType<typename U::ActualT>;                                 \
        ascendc_sim::reg::UnaryLanes<mode>(ascendc_sim::VecClass::kSimple, dstReg, srcReg, mask, \
                                           [](C a) -> C { return expr; });                       \
    }
ASCENDC_SIM_REG_UNARY(Abs, a < C(0) ? C(C(0) - a) : a)
ASCENDC_SIM_REG_UNARY(Relu, a > C(0) ? a : C(0))
ASCENDC_SIM_REG_UNARY(Neg, ascendc_sim::WrapSub(C(0), a))
#undef ASCENDC_SIM_REG_UNARY

template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>
inline void Not(U& dstReg, U& srcReg, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using E = typename U::ActualT;
    static_assert(std::is_integral_v<E>, "Not takes integer registers (Not doc)");
    ascendc_sim::reg::UnaryLanes<mode>(ascendc_sim::VecClass::kSimple, dstReg, srcReg, mask,
                                       [](E a) -> E { return static_cast<E>(~a); });
}

#define ASCENDC_SIM_REG_TRANSCENDENTAL(Name, expr)                                                          \
    template <typename T = DefaultType, auto mode = MaskMergeMode::ZEROING, typename U>                     \
    inline void Name(U& dstReg, U& srcReg, MaskReg& mask, ascendc_sim::CallSite = {}) {                     \
        using E = typename U::ActualT;                                                                      \
        using C = ascendc_sim::ComputeType<E>;                                                              \
        static_assert(ascendc_sim::kIsFloating<E>, #Name " takes half or float registers (" #Name " doc)"); \
        const bool ftz = ascendc_sim::CallFlushes(#Name, ascendc_sim::reg::FtzOf<mode>());                  \
        ascendc_sim::reg::UnaryLanes<ascendc_sim::reg::MergeOf<mode>()>(                                    \
            ascendc_sim::VecClass::kTranscendental, dstReg, srcReg, mask, [ftz](C x) -> C {                 \
                const C a = ascendc_sim::FlushIf<E>(ftz, x);                                                \
                return ascendc_sim::FlushIf<E>(ftz, static_cast<C>(expr));                                  \
            });                                                                                             \
    }
ASCENDC_SIM_REG_TRANSCENDENTAL(Exp, ascendc_sim::fm::exp(a))
ASCENDC_SIM_REG_TRANSCENDENTAL(Ln, ascendc_sim::fm::log(a))
ASCENDC_SIM_REG_TRANSCENDENTAL(Log, ascendc_sim::fm::log(a))
ASCENDC_SIM_REG_TRANSCENDENTAL(Log2, ascendc_sim::fm::log(static_cast<double>(a)) / 0.69314718055994530942)
ASCENDC_SIM_REG_TRANSCENDENTAL(Log10, ascendc_sim::fm::log(static_cast<double>(a)) / 2.30258509299404568402)
ASCENDC_SIM_REG_TRANSCENDENTAL(Sqrt, ascendc_sim::fm::sqrt(a))
#undef ASCENDC_SIM_REG_TRANSCENDENTAL

// --- with a scalar (the scalar converts to the register's type first) ---
#define ASCENDC_SIM_REG_SCALAR(Name, expr)                                                                   \
    template <typename T = DefaultType, typename U, MaskMergeMode mode = MaskMergeMode::ZEROING, typename S> \
    inline void Name(S& dstReg, S& srcReg, U scalarValue, MaskReg& mask, ascendc_sim::CallSite = {}) {       \
        using E = typename S::ActualT;                                                                       \
        using C = ascendc_sim::ComputeType<E>;                                                               \
        const C b = ascendc_sim::ToCompute(static_cast<E>(scalarValue));                                     \
        ascendc_sim::reg::UnaryLanes<mode>(ascendc_sim::VecClass::kSimple, dstReg, srcReg, mask,             \
                                           [b](C a) -> C { return expr; });                                  \
    }
ASCENDC_SIM_REG_SCALAR(Adds, ascendc_sim::WrapAdd(a, b))
ASCENDC_SIM_REG_SCALAR(Muls, ascendc_sim::WrapMul(a, b))
ASCENDC_SIM_REG_SCALAR(Maxs, a > b ? a : b)
ASCENDC_SIM_REG_SCALAR(Mins, a < b ? a : b)
ASCENDC_SIM_REG_SCALAR(LeakyRelu, a >= C(0) ? a : C(a * b))
#undef ASCENDC_SIM_REG_SCALAR

namespace detail {
// Logical left / arithmetic (signed) or logical right shift by n bits; a shift past the width gives 0 (or the sign).
template <bool left, MaskMergeMode mode, typename S>
inline void ShiftBy(S& dstReg, S& srcReg, int64_t n, MaskReg& mask) {
    using E = typename S::ActualT;
    using V = std::make_unsigned_t<E>;
    static_assert(std::is_integral_v<E>, "ShiftLefts / ShiftRights take integer registers");
    constexpr int64_t bits = sizeof(E) * 8;
    ascendc_sim::reg::UnaryLanes<mode>(ascendc_sim::VecClass::kSimple, dstReg, srcReg, mask, [n](E a) -> E {
        if (left) return n >= bits ? E(0) : static_cast<E>(static_cast<V>(static_cast<V>(a) << n));
        if (std::is_signed_v<E>) return static_cast<E>(a >> (n >= bits ? bits - 1 : n));
        return n >= bits ? E(0) : static_cast<E>(a >> n);
    });
}
}  // namespace detail

template <typename T = DefaultType, typename U, MaskMergeMode mode = MaskMergeMode::ZEROING, typename S>
inline void ShiftLefts(S& dstReg, S& srcReg, U scalarValue, MaskReg& mask, ascendc_sim::CallSite = {}) {
    detail::ShiftBy<true, mode>(dstReg, srcReg, static_cast<int64_t>(scalarValue), mask);
}
template <typename T = DefaultType, typename U, MaskMergeMode mode = MaskMergeMode::ZEROING, typename S>
inline void ShiftRights(S& dstReg, S& srcReg, U scalarValue, MaskReg& mask, ascendc_sim::CallSite = {}) {
    detail::ShiftBy<false, mode>(dstReg, srcReg, static_cast<int64_t>(scalarValue), mask);
}

// --- Duplicate: a scalar to every lane (all, or those the mask selects), or lane 0 (LOWEST) / the last lane
// (HIGHEST) of a register ---
template <typename T = DefaultType, typename U, typename S,
          typename = std::enable_if_t<!ascendc_sim::reg::kIsRegTensor<U>>>
inline void Duplicate(S& dstReg, U scalarValue, ascendc_sim::CallSite = {}) {
    using E = typename S::ActualT;
    for (uint32_t i = 0; i < S::kLanes; ++i) dstReg.SetLane(i, static_cast<E>(scalarValue), false);
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U, typename S,
          typename = std::enable_if_t<!ascendc_sim::reg::kIsRegTensor<U>>>
inline void Duplicate(S& dstReg, U scalarValue, MaskReg& mask, ascendc_sim::CallSite = {}) {
    using E = typename S::ActualT;
    const E v = static_cast<E>(scalarValue);
    ascendc_sim::reg::ForLanes(dstReg, mask, mode, [v](uint32_t) { return v; }, [](uint32_t) { return false; });
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}
template <typename T = DefaultType, HighLowPart pos = HighLowPart::LOWEST, MaskMergeMode mode = MaskMergeMode::ZEROING,
          typename S, typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<S>>>
inline void Duplicate(S& dstReg, S& srcReg, MaskReg& mask, ascendc_sim::CallSite = {}) {
    const uint32_t from = pos == HighLowPart::LOWEST ? 0 : S::kLanes - 1;
    const auto v = srcReg.Lane(from);
    const bool undef = srcReg.LaneUndef(from);
    const ascendc_sim::UndefOrigin* origin = undef ? &srcReg.origin : nullptr;
    const ascendc_sim::UndefOrigin kept = srcReg.origin;
    ascendc_sim::reg::ForLanes(
        dstReg, mask, mode, [v](uint32_t) { return v; }, [undef](uint32_t) { return undef; },
        origin != nullptr ? &kept : nullptr);
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

// dst[i] = scalar + i (INCREASE_ORDER) or scalar - i (Arange doc)
template <typename T = DefaultType, IndexOrder order = IndexOrder::INCREASE_ORDER, typename U, typename S>
inline void Arange(S& dstReg, U scalarValue, ascendc_sim::CallSite = {}) {
    using E = typename S::ActualT;
    using C = ascendc_sim::ComputeType<E>;
    const C start = ascendc_sim::ToCompute(static_cast<E>(scalarValue));
    for (uint32_t i = 0; i < S::kLanes; ++i) {
        const C v = order == IndexOrder::INCREASE_ORDER ? ascendc_sim::WrapAdd(start, static_cast<C>(i))
                                                        : ascendc_sim::WrapSub(start, static_cast<C>(i));
        dstReg.SetLane(i, ascendc_sim::FromCompute<E>(v), false);
    }
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

// --- register moves ---
template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::MERGING, typename U,
          typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void Move(U& dstReg, U& srcReg, MaskReg mask, ascendc_sim::CallSite = {}) {
    ascendc_sim::reg::UnaryLanes<mode>(ascendc_sim::VecClass::kSimple, dstReg, srcReg, mask, [](auto a) { return a; });
}
template <typename T = DefaultType, typename U, typename = std::enable_if_t<ascendc_sim::reg::kIsRegTensor<U>>>
inline void Move(U& dstReg, U& srcReg, ascendc_sim::CallSite = {}) {
    dstReg = srcReg;
    ascendc_sim::reg::ChargeRegInstr(ascendc_sim::VecClass::kSimple);
}

}  // namespace AscendC::Reg
