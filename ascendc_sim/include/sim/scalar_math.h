// Scalar math for the twin's headers through compiler builtins, not <cmath>: <cmath> puts libm's C functions into
// the global scope, where they would clash with an `extern "C"` kernel named like one (`atanh`, `exp`, ...), which
// ccec compiles because the device has no libm. Same names and overloads as std::, in ascendc_sim::fm.
#pragma once
#include <type_traits>

namespace ascendc_sim::fm {

template <typename I>
using IfIntegral = std::enable_if_t<std::is_integral_v<I>, double>;

#define ASCENDC_SIM_FM_UNARY(name)                                            \
    inline float name(float x) { return __builtin_##name##f(x); }             \
    inline double name(double x) { return __builtin_##name(x); }              \
    inline long double name(long double x) { return __builtin_##name##l(x); } \
    template <typename I>                                                     \
    inline IfIntegral<I> name(I x) {                                          \
        return __builtin_##name(static_cast<double>(x));                      \
    }
#define ASCENDC_SIM_FM_BINARY(name)                                           \
    inline float name(float x, float y) { return __builtin_##name##f(x, y); } \
    inline double name(double x, double y) { return __builtin_##name(x, y); } \
    inline long double name(long double x, long double y) { return __builtin_##name##l(x, y); }

ASCENDC_SIM_FM_UNARY(fabs)
ASCENDC_SIM_FM_UNARY(floor)
ASCENDC_SIM_FM_UNARY(ceil)
ASCENDC_SIM_FM_UNARY(trunc)
ASCENDC_SIM_FM_UNARY(round)
ASCENDC_SIM_FM_UNARY(rint)
ASCENDC_SIM_FM_UNARY(exp)
ASCENDC_SIM_FM_UNARY(expm1)
ASCENDC_SIM_FM_UNARY(log)
ASCENDC_SIM_FM_UNARY(log1p)
ASCENDC_SIM_FM_UNARY(sqrt)
ASCENDC_SIM_FM_UNARY(sin)
ASCENDC_SIM_FM_UNARY(cos)
ASCENDC_SIM_FM_UNARY(tan)
ASCENDC_SIM_FM_UNARY(asin)
ASCENDC_SIM_FM_UNARY(acos)
ASCENDC_SIM_FM_UNARY(atan)
ASCENDC_SIM_FM_UNARY(sinh)
ASCENDC_SIM_FM_UNARY(cosh)
ASCENDC_SIM_FM_UNARY(tanh)
ASCENDC_SIM_FM_UNARY(asinh)
ASCENDC_SIM_FM_UNARY(acosh)
ASCENDC_SIM_FM_UNARY(atanh)
ASCENDC_SIM_FM_UNARY(erf)
ASCENDC_SIM_FM_UNARY(erfc)
ASCENDC_SIM_FM_UNARY(lgamma)
ASCENDC_SIM_FM_BINARY(fmod)
ASCENDC_SIM_FM_BINARY(pow)
ASCENDC_SIM_FM_BINARY(copysign)

#undef ASCENDC_SIM_FM_UNARY
#undef ASCENDC_SIM_FM_BINARY

template <typename F>
inline bool isnan(F x) {
    return __builtin_isnan(x);
}
template <typename F>
inline bool isinf(F x) {
    return __builtin_isinf(x);
}
template <typename F>
inline bool isfinite(F x) {
    return __builtin_isfinite(x);
}
template <typename F>
inline bool signbit(F x) {
    return __builtin_signbit(x);
}
inline long double frexp(long double x, int* e) { return __builtin_frexpl(x, e); }
inline long double ldexp(long double x, int e) { return __builtin_ldexpl(x, e); }

}  // namespace ascendc_sim::fm
