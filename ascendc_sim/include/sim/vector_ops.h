// Element-wise vector instructions, count form ("first n elements"): arithmetic, scalar, unary, logic, shift.
#pragma once
#include <cstdint>

#include "sim/scalar_math.h"
#include "sim/transcendental_ftz.h"
#include "sim/vector_core.h"

// Element-wise instruction with two tensor sources. `Head(Config, Default)` is its template head, `flushes` whether
// this call reads float subnormal sources and writes subnormal results as signed zero (sim/transcendental_ftz.h;
// false for all but the transcendental instructions, and then free: FlushIf folds away).
#define ASCENDC_SIM_BINARY_AS(Name, kind, typeSet, Head, Config, Default, flushes, expr)                      \
    Head(Config, Default) __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0,  \
                                                      const LocalTensor<T>& src1, const int32_t& count,       \
                                                      ascendc_sim::CallSite = {}) {                           \
        ascendc_sim::RequireType<T>(#Name, ascendc_sim::typeSet<T>);                                          \
        using C = ascendc_sim::ComputeType<T>;                                                                \
        const bool ftz = flushes;                                                                             \
        ascendc_sim::BinaryLoop(#Name, ascendc_sim::VecClass::kind, dst, src0, src1, count, [ftz](C x, C y) { \
            const C a = ascendc_sim::FlushIf<T>(ftz, x), b = ascendc_sim::FlushIf<T>(ftz, y);                 \
            return ascendc_sim::FlushIf<T>(ftz, static_cast<C>(expr));                                        \
        });                                                                                                   \
    }
#define ASCENDC_SIM_COUNT_HEAD(Config, Default) template <typename T, bool isSetMask = true>
#define ASCENDC_SIM_BINARY(Name, kind, typeSet, expr) \
    ASCENDC_SIM_BINARY_AS(Name, kind, typeSet, ASCENDC_SIM_COUNT_HEAD, , , false, expr)

// Element-wise instruction with a tensor and a scalar source.
#define ASCENDC_SIM_SCALAR(Name, kind, typeSet, expr)                                              \
    template <typename T, bool isSetMask = true>                                                   \
    __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,              \
                                const ascendc_sim::ScalarOf<T>& scalarValue, const int32_t& count, \
                                ascendc_sim::CallSite = {}) {                                      \
        ascendc_sim::RequireType<T>(#Name, ascendc_sim::typeSet<T>);                               \
        using C = ascendc_sim::ComputeType<T>;                                                     \
        C b = ascendc_sim::ToCompute(scalarValue);                                                 \
        ascendc_sim::UnaryLoop(#Name, ascendc_sim::VecClass::kind, dst, src, count,                \
                               [b](C a) { return static_cast<C>(expr); });                         \
    }

// Element-wise instruction with one tensor source (Head, flushes: as ASCENDC_SIM_BINARY_AS).
#define ASCENDC_SIM_UNARY_AS(Name, kind, typeSet, Head, Config, Default, flushes, expr)                     \
    Head(Config, Default) __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, \
                                                      const int32_t& count, ascendc_sim::CallSite = {}) {   \
        ascendc_sim::RequireType<T>(#Name, ascendc_sim::typeSet<T>);                                        \
        using C = ascendc_sim::ComputeType<T>;                                                              \
        const bool ftz = flushes;                                                                           \
        ascendc_sim::UnaryLoop(#Name, ascendc_sim::VecClass::kind, dst, src, count, [ftz](C x) {            \
            const C a = ascendc_sim::FlushIf<T>(ftz, x);                                                    \
            return ascendc_sim::FlushIf<T>(ftz, static_cast<C>(expr));                                      \
        });                                                                                                 \
    }
#define ASCENDC_SIM_UNARY(Name, kind, typeSet, expr) \
    ASCENDC_SIM_UNARY_AS(Name, kind, typeSet, ASCENDC_SIM_COUNT_HEAD, , , false, expr)

namespace ascendc_sim {
// A shift count in [0, bits of T]: impl/dav_c220 kernel_operator_vec_binary_scalar_impl.h checks scalarValue with
// ASCENDC_CHECK_VALUE_RANGE(scalarValue, 0, sizeof(T) * 8) in ShiftLeft and ShiftRight.
template <typename T>
int CheckedShift(const char* api, const ScalarOf<T>& scalarValue) {
    constexpr int64_t kBits = sizeof(T) * 8;
    const int64_t n = static_cast<int64_t>(scalarValue);
    if (n < 0 || n > kBits) Fail(api, Str("scalarValue ", n, " is outside [0, ", kBits, "] for ", DTypeName<T>()));
    return static_cast<int>(n);
}
}  // namespace ascendc_sim

namespace AscendC {

ASCENDC_SIM_BINARY(Add, kSimple, kArithTypes, ascendc_sim::WrapAdd(a, b))
ASCENDC_SIM_BINARY(Sub, kSimple, kArithTypes, ascendc_sim::WrapSub(a, b))
ASCENDC_SIM_BINARY(Mul, kSimple, kArithTypes, ascendc_sim::WrapMul(a, b))
ASCENDC_SIM_BINARY_FTZ(Div, DivConfig, DEFAULT_DIV_CONFIG, a / b)
ASCENDC_SIM_BINARY(Max, kSimple, kArithTypes, a > b ? a : b)
ASCENDC_SIM_BINARY(Min, kSimple, kArithTypes, a < b ? a : b)
ASCENDC_SIM_BINARY(And, kSimple, kBitTypes, a& b)
ASCENDC_SIM_BINARY(Or, kSimple, kBitTypes, a | b)

ASCENDC_SIM_SCALAR(Adds, kSimple, kArithTypes, ascendc_sim::WrapAdd(a, b))
ASCENDC_SIM_SCALAR(Muls, kSimple, kArithTypes, ascendc_sim::WrapMul(a, b))
ASCENDC_SIM_SCALAR(Maxs, kSimple, kArithTypes, a > b ? a : b)
ASCENDC_SIM_SCALAR(Mins, kSimple, kArithTypes, a < b ? a : b)

ASCENDC_SIM_UNARY(Abs, kSimple, kFloatTypes, ascendc_sim::fm::fabs(a))
ASCENDC_SIM_UNARY_FTZ(Exp, ExpConfig, DEFAULT_EXP_CONFIG, ascendc_sim::fm::exp(a))
ASCENDC_SIM_UNARY_FTZ(Ln, LnConfig, DEFAULT_LN_CONFIG, ascendc_sim::fm::log(a))
ASCENDC_SIM_UNARY_FTZ(Sqrt, SqrtConfig, DEFAULT_SQRT_CONFIG, ascendc_sim::fm::sqrt(a))
ASCENDC_SIM_UNARY_FTZ(Rsqrt, RsqrtConfig, DEFAULT_RSQRT_CONFIG, 1.0f / ascendc_sim::fm::sqrt(a))
ASCENDC_SIM_UNARY_FTZ(Reciprocal, ReciprocalConfig, DEFAULT_RECIPROCAL_CONFIG, 1.0f / a)
ASCENDC_SIM_UNARY(Not, kSimple, kBitTypes, ~a)

template <typename T, bool isSetMask = true>
__aicore__ inline void Relu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count,
                            ascendc_sim::CallSite = {}) {
    ascendc_sim::RequireType<T>("Relu", ascendc_sim::kOneOf<T, half, float, int32_t>);
    using C = ascendc_sim::ComputeType<T>;
    ascendc_sim::UnaryLoop("Relu", ascendc_sim::VecClass::kSimple, dst, src, count,
                           [](C a) { return a > C(0) ? a : C(0); });
}

// Vector shifts exist only on SoCs whose SocInfo says so (not on ascend310p).
template <typename T, bool isSetMask = true>
__aicore__ inline void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const ascendc_sim::ScalarOf<T>& scalarValue, const int32_t& count,
                                 ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    if (!ascendc_sim::Soc(c).hasVectorShift)
        ascendc_sim::Fail("ShiftLeft", ascendc_sim::Str("not available on ", ascendc_sim::Soc(c).name));
    ascendc_sim::RequireType<T>("ShiftLeft", ascendc_sim::kShiftTypes<T>);
    const int n = ascendc_sim::CheckedShift<T>("ShiftLeft", scalarValue);
    using U = std::make_unsigned_t<T>;
    // In 64 bits: a shift by the full width (allowed) gives 0, with no C++ undefined behaviour.
    ascendc_sim::UnaryLoop("ShiftLeft", ascendc_sim::VecClass::kSimple, dst, src, count,
                           [n](T a) { return static_cast<T>(static_cast<uint64_t>(static_cast<U>(a)) << n); });
}

template <typename T, bool isSetMask = true>
__aicore__ inline void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                  const ascendc_sim::ScalarOf<T>& scalarValue, const int32_t& count,
                                  bool roundEn = false, ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    if (!ascendc_sim::Soc(c).hasVectorShift)
        ascendc_sim::Fail("ShiftRight", ascendc_sim::Str("not available on ", ascendc_sim::Soc(c).name));
    ascendc_sim::RequireType<T>("ShiftRight", ascendc_sim::kShiftTypes<T>);
    if (roundEn) ascendc_sim::Fail("ShiftRight", "roundEn = true is not modeled by the twin");
    const int n = ascendc_sim::CheckedShift<T>("ShiftRight", scalarValue);
    // Signed types shift arithmetically, unsigned logically (per the docs); in 64 bits, so the full width is defined.
    using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
    ascendc_sim::UnaryLoop("ShiftRight", ascendc_sim::VecClass::kSimple, dst, src, count,
                           [n](T a) { return static_cast<T>(static_cast<Wide>(a) >> n); });
}

template <typename T, bool isSetMask = true>
__aicore__ inline void Duplicate(const LocalTensor<T>& dst, const ascendc_sim::ScalarOf<T>& scalarValue,
                                 const int32_t& count, ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    // dav-3510 also fills b8 and b64 (asc-devkit impl/basic_api/dav_3510/kernel_operator_vec_duplicate_impl.h:28)
    const bool wide = ascendc_sim::Soc(c).arch == ascendc_sim::Arch::kDav3510 && (sizeof(T) == 1 || sizeof(T) == 8);
    ascendc_sim::RequireType<T>("Duplicate", ascendc_sim::kFillTypes<T> || wide);
    ascendc_sim::RequireCount("Duplicate", count);
    T* d = dst.Operand("Duplicate", "dst", count);
    for (int32_t i = 0; i < count; ++i) d[i] = scalarValue;
    ascendc_sim::DefineBytes(c, ascendc_sim::DefSpace::kUb, ascendc_sim::CountOperand(dst, count).fp);
    ascendc_sim::CountVector(c, ascendc_sim::VecClass::kSimple, count, sizeof(T));
}

// dst += src * scalar; T == U (half or float) or a float accumulator with half inputs.
template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                            const ascendc_sim::ScalarOf<U>& scalarValue, const int32_t& count,
                            ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    constexpr bool ok =
        (std::is_same_v<T, U> && ascendc_sim::kFloatTypes<T>) || (std::is_same_v<T, float> && std::is_same_v<U, half>);
    ascendc_sim::RequireType<T>("Axpy", ok);
    ascendc_sim::RequireCount("Axpy", count);
    T* d = dst.Operand("Axpy", "dst", count);
    const U* s = src.Operand("Axpy", "src", count);
    float k = static_cast<float>(scalarValue);
    for (int32_t i = 0; i < count; ++i) d[i] = T(static_cast<float>(d[i]) + static_cast<float>(s[i]) * k);
    ascendc_sim::Propagate(c, "Axpy", ascendc_sim::Flow::kElementwise, {ascendc_sim::CountOperand(dst, count)},
                           {ascendc_sim::CountOperand(src, count), ascendc_sim::CountOperand(dst, count)});
    ascendc_sim::CountVector(c, ascendc_sim::VecClass::kSimple, count, sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));
}

}  // namespace AscendC

#undef ASCENDC_SIM_BINARY_AS
#undef ASCENDC_SIM_BINARY
#undef ASCENDC_SIM_SCALAR
#undef ASCENDC_SIM_UNARY_AS
#undef ASCENDC_SIM_UNARY
#undef ASCENDC_SIM_COUNT_HEAD

// The repeat-parameter forms of the instructions above.
#include "sim/vector_repeat.h"
