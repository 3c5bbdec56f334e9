// Cast with a RoundMode: only the (src, dst, mode) triples the SoC's vector unit converts in one instruction are
// accepted (table in src/cast_table.cpp); each conversion is bit-exact for its mode.
#pragma once
#include <cstdint>
#include <limits>
#include <type_traits>

#include "sim/scalar_math.h"
#include "sim/vector_core.h"

namespace AscendC {

// UNKNOWN: a Reg::CastTrait that leaves the mode to the conversion's default (kernel_utils_mode.h).
enum class RoundMode : uint8_t {
    CAST_NONE = 0,
    CAST_RINT,
    CAST_FLOOR,
    CAST_CEIL,
    CAST_ROUND,
    CAST_TRUNC,
    CAST_ODD,
    UNKNOWN = 0xFF
};

}  // namespace AscendC

namespace ascendc_sim {

using AscendC::RoundMode;

const char* RoundModeName(RoundMode m);
// True if `soc` converts src -> dst with mode m in one vector instruction.
bool CastSupported(ascendc_sim::SocVersion soc, ascendc_sim::DataType src, ascendc_sim::DataType dst, RoundMode m);

// Rounds a non-negative value to an integer; `negative` says the original sign (for FLOOR/CEIL). NONE means RINT
// (it only matters when precision is lost).
inline long double RoundMagnitude(long double s, RoundMode m, bool negative) {
    long double fl = fm::floor(s);
    long double frac = s - fl;
    bool flOdd = fm::fmod(fl, 2.0L) != 0;
    switch (m) {
        case RoundMode::CAST_NONE:
        case RoundMode::CAST_RINT:
            return frac > 0.5L || (frac == 0.5L && flOdd) ? fl + 1 : fl;
        case RoundMode::CAST_ROUND:
            return frac >= 0.5L ? fl + 1 : fl;
        case RoundMode::CAST_TRUNC:
            return fl;
        case RoundMode::CAST_FLOOR:
            return negative && frac > 0 ? fl + 1 : fl;
        case RoundMode::CAST_CEIL:
            return !negative && frac > 0 ? fl + 1 : fl;
        case RoundMode::CAST_ODD:
            return frac > 0 && !flOdd ? fl + 1 : fl;
    }
    return fl;
}

struct FloatFormat {
    int precision;     // significand bits including the implicit one
    int minNormalExp;  // exponent of the smallest normal number
    long double maxFinite;
};
inline constexpr FloatFormat kHalfFormat{11, -14, 65504.0L};
inline constexpr FloatFormat kBf16Format{8, -126, 3.38953138925153547590470800371487867e38L};
inline constexpr FloatFormat kFloatFormat{24, -126, 3.40282346638528859811704183484516925e38L};

// x rounded to format f with mode m (overflow: Inf for the to-nearest modes and the directed mode pointing away
// from zero, the largest finite value otherwise). The result is exactly representable in f.
inline long double RoundToFormat(long double x, const FloatFormat& f, RoundMode m) {
    if (fm::isnan(x) || fm::isinf(x) || x == 0) return x;
    bool neg = x < 0;
    long double a = fm::fabs(x);
    int e;
    fm::frexp(a, &e);  // a in [2^(e-1), 2^e)
    int ulpExp = std::max(e - f.precision, f.minNormalExp - f.precision + 1);
    long double r = fm::ldexp(RoundMagnitude(fm::ldexp(a, -ulpExp), m, neg), ulpExp);
    if (r > f.maxFinite) {
        bool toInf = m == RoundMode::CAST_NONE || m == RoundMode::CAST_RINT || m == RoundMode::CAST_ROUND ||
                     (m == RoundMode::CAST_CEIL && !neg) || (m == RoundMode::CAST_FLOOR && neg);
        r = toInf ? std::numeric_limits<long double>::infinity() : f.maxFinite;
    }
    return neg ? -r : r;
}

template <typename T>
constexpr const FloatFormat& FormatOf() {
    if constexpr (std::is_same_v<T, half>)
        return kHalfFormat;
    else if constexpr (std::is_same_v<T, ascendc_sim::Bf16>)
        return kBf16Format;
    else
        return kFloatFormat;
}

// Float -> integer: NaN gives 0 and out-of-range values saturate, as the vector unit's conversions do (documented
// for aclnnAscendopsCast: NaN -> 0, +-Inf -> the integer limits).
template <typename D>
inline D FloatToInt(long double v, RoundMode m) {
    if (fm::isnan(v)) return 0;
    long double r = RoundMagnitude(fm::fabs(v), m, v < 0);
    if (v < 0) r = -r;
    if (r <= static_cast<long double>(std::numeric_limits<D>::min())) return std::numeric_limits<D>::min();
    if (r >= static_cast<long double>(std::numeric_limits<D>::max())) return std::numeric_limits<D>::max();
    return static_cast<D>(r);
}

template <typename D, typename S>
inline D ConvertOne(S s, RoundMode m) {
    if constexpr (kIsFloating<S> && kIsFloating<D>) {
        long double v = static_cast<float>(s);
        if constexpr (std::is_same_v<S, float> && std::is_same_v<D, float>) {
            // float -> float rounds to an integral value in the given mode.
            if (fm::isnan(v) || fm::isinf(v)) return s;
            float r = static_cast<float>(RoundMagnitude(fm::fabs(v), m, v < 0));
            return fm::signbit(s) ? -r : r;
        } else if constexpr (sizeof(D) > sizeof(S) ||
                             (std::is_same_v<S, ascendc_sim::Bf16> && std::is_same_v<D, float>)) {
            return static_cast<D>(static_cast<float>(v));  // widening is exact
        } else {
            if (fm::isnan(v)) return D(static_cast<float>(v));
            return D(static_cast<float>(RoundToFormat(v, FormatOf<D>(), m)));
        }
    } else if constexpr (kIsFloating<S>) {
        return FloatToInt<D>(static_cast<float>(s), m);
    } else if constexpr (kIsFloating<D>) {
        return D(static_cast<float>(RoundToFormat(static_cast<long double>(s), FormatOf<D>(), m)));
    } else {
        // Integer narrowing saturates (as the vector unit's integer conversions do); widening is exact.
        long double v = static_cast<long double>(s);
        if (v < static_cast<long double>(std::numeric_limits<D>::min())) return std::numeric_limits<D>::min();
        if (v > static_cast<long double>(std::numeric_limits<D>::max())) return std::numeric_limits<D>::max();
        return static_cast<D>(s);
    }
}

// Fast paths for the conversions whose result the default FPU rounding (to nearest even) already gives.
template <typename D, typename S>
inline void ConvertRange(D* d, const S* s, int64_t n, RoundMode m) {
    bool nearest = m == RoundMode::CAST_NONE || m == RoundMode::CAST_RINT;
    if constexpr ((std::is_same_v<S, half> || std::is_same_v<S, ascendc_sim::Bf16>) && std::is_same_v<D, float>) {
        for (int64_t i = 0; i < n; ++i) d[i] = static_cast<float>(s[i]);
        return;
    } else if constexpr (std::is_same_v<S, float> &&
                         (std::is_same_v<D, half> || std::is_same_v<D, ascendc_sim::Bf16>)) {
        if (nearest) {
            for (int64_t i = 0; i < n; ++i) d[i] = D(s[i]);
            return;
        }
    } else if constexpr (std::is_integral_v<S> && sizeof(S) <= 4 && std::is_same_v<D, float>) {
        if (nearest) {
            for (int64_t i = 0; i < n; ++i) d[i] = static_cast<float>(s[i]);
            return;
        }
    }
    for (int64_t i = 0; i < n; ++i) d[i] = ConvertOne<D, S>(s[i], m);
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, typename U, bool isSetMask = true>
__aicore__ inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                            const uint32_t count, ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    CoreContext& c = Core();
    Poll(c);
    if (!CastSupported(Soc(c).version, DTypeOf<U>(), DTypeOf<T>(), roundMode)) {
        Fail("Cast", Str(DTypeName<U>(), " -> ", DTypeName<T>(), " with ", RoundModeName(roundMode),
                         " is not a single vector instruction on ", Soc(c).name));
    }
    T* d = dst.Operand("Cast", "dst", count);
    const U* s = src.Operand("Cast", "src", count);
    ConvertRange(d, s, count, roundMode);
    for (uint32_t i = 0; i < count; ++i) d[i] = SaturateLowFloat(d[i]);  // 310P: saturation mode
    Propagate(c, "Cast", Flow::kElementwise, {CountOperand(dst, count)}, {CountOperand(src, count)});
    CountVector(c, VecClass::kCast, count, sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));
}

}  // namespace AscendC
