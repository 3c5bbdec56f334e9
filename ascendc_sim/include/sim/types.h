// Scalar types of the kernel API: IEEE binary16 `half` and `bfloat16_t`, stored as bits, converted bit-exactly
// (round to nearest even; NaN, Inf and subnormals preserved). Arithmetic goes through float, as on the vector unit.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sim/scalar_math.h"

namespace ascendc_sim {

inline uint32_t FloatBits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}
inline float BitsFloat(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

inline float HalfBitsToFloat(uint16_t h) {
    uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t em = h & 0x7fffu;
    if (em >= 0x7c00u) return BitsFloat(sign | 0x7f800000u | ((em & 0x3ffu) << 13));  // Inf / NaN keeps payload
    if (em >= 0x0400u) return BitsFloat(sign | ((em << 13) + 0x38000000u));           // normal: rebias 15 -> 127
    float mag = static_cast<float>(em) * 5.9604644775390625e-8f;                      // subnormal: em * 2^-24
    return BitsFloat(sign | FloatBits(mag));
}

inline uint16_t FloatToHalfBits(float f) {
    uint32_t x = FloatBits(f);
    uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
    x &= 0x7fffffffu;
    if (x >= 0x7f800000u) {  // Inf or NaN (NaN stays NaN even if its top payload bits are zero)
        if (x == 0x7f800000u) return sign | 0x7c00u;
        uint16_t m = static_cast<uint16_t>((x >> 13) & 0x3ffu);
        return sign | 0x7c00u | (m != 0 ? m : 0x200u);
    }
    if (x >= 0x477ff000u) return sign | 0x7c00u;  // >= 65520 rounds to Inf
    if (x >= 0x38800000u) {                       // normal half range
        uint32_t r = x - 0x38000000u;
        r = (r + 0xfffu + ((r >> 13) & 1u)) >> 13;
        return sign | static_cast<uint16_t>(r);
    }
    // Subnormal or zero: adding 0.5f aligns the value to units of 2^-24 and the FPU rounds to nearest even.
    float v = BitsFloat(x) + 0.5f;
    return sign | static_cast<uint16_t>(FloatBits(v) - 0x3f000000u);
}

inline float Bf16BitsToFloat(uint16_t b) { return BitsFloat(static_cast<uint32_t>(b) << 16); }

inline uint16_t FloatToBf16Bits(float f) {
    uint32_t x = FloatBits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);  // quiet NaN, sign kept
    x += 0x7fffu + ((x >> 16) & 1u);
    return static_cast<uint16_t>(x >> 16);
}

}  // namespace ascendc_sim

// IEEE binary16. Conversions are explicit to float and implicit from arithmetic types, like the device `half`.
struct half {
    uint16_t bits = 0;
    half() = default;
    template <typename U, typename = std::enable_if_t<std::is_arithmetic_v<U>>>
    half(U v) : bits(ascendc_sim::FloatToHalfBits(static_cast<float>(v))) {}  // NOLINT: implicit like the device type
    static half FromBits(uint16_t b) {
        half h;
        h.bits = b;
        return h;
    }
    operator float() const { return ascendc_sim::HalfBitsToFloat(bits); }  // NOLINT
    half& operator+=(half o) { return *this = half(float(*this) + float(o)); }
    half& operator-=(half o) { return *this = half(float(*this) - float(o)); }
    half& operator*=(half o) { return *this = half(float(*this) * float(o)); }
    half& operator/=(half o) { return *this = half(float(*this) / float(o)); }
};

namespace ascendc_sim {

// BF16 storage. Kernels name it bfloat16_t, which exists only where ccec declares it (below).
struct Bf16 {
    uint16_t bits = 0;
    Bf16() = default;
    template <typename U, typename = std::enable_if_t<std::is_arithmetic_v<U>>>
    Bf16(U v) : bits(ascendc_sim::FloatToBf16Bits(static_cast<float>(v))) {}  // NOLINT
    static Bf16 FromBits(uint16_t b) {
        Bf16 h;
        h.bits = b;
        return h;
    }
    operator float() const { return ascendc_sim::Bf16BitsToFloat(bits); }  // NOLINT
};

}  // namespace ascendc_sim

// ccec's __clang_cce_types.h (8.1.RC1 ccec_compiler/lib/clang/15.0.5/include) declares bfloat16_t for dav-c220
// vector / cube and newer, not for dav-m200: an m200 kernel build (__CCE_AICORE__ 200) naming it fails, as with CANN.
#if !defined(__CCE_AICORE__) || __CCE_AICORE__ != 200
using bfloat16_t = ascendc_sim::Bf16;
#endif

namespace ascendc_sim {

template <typename T>
inline constexpr bool kIsLowFloat = std::is_same_v<T, half> || std::is_same_v<T, Bf16>;
template <typename T>
inline constexpr bool kIsFloating = kIsLowFloat<T> || std::is_floating_point_v<T>;

// Bits of the largest finite value: half 65504 (0x7BFF), bf16 3.39e38 (0x7F7F).
template <typename T>
inline constexpr uint16_t kLowFloatMaxBits = std::is_same_v<T, half> ? 0x7BFF : 0x7F7F;

// The type vector arithmetic on T runs in: float for the 16-bit float formats, T itself otherwise.
template <typename T>
using ComputeType = std::conditional_t<kIsLowFloat<T>, float, T>;

template <typename T>
inline ComputeType<T> ToCompute(T v) {
    return static_cast<ComputeType<T>>(v);
}
// Saturation mode (the only float overflow mode of Atlas inference cards, aclrtSetDeviceSatMode): a half/bf16
// vector result that overflows becomes +-max and NaN becomes 0. Set per core by the launcher from the SoC table.
inline thread_local bool tlsSaturateLowFloats = false;

template <typename T>
inline T SaturateLowFloat(T v) {
    if constexpr (kIsLowFloat<T>) {
        if (tlsSaturateLowFloats) {
            const float f = static_cast<float>(v);
            if (fm::isnan(f)) return T(0.0f);
            if (fm::isinf(f)) return T::FromBits(static_cast<uint16_t>((v.bits & 0x8000u) | kLowFloatMaxBits<T>));
        }
    }
    return v;
}

template <typename T>
inline T FromCompute(ComputeType<T> v) {
    return SaturateLowFloat(T(v));
}

}  // namespace ascendc_sim
