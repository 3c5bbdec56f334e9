// The element-wise high-level APIs (activations and math of lib/activation, lib/math): each with the documented
// overloads (dst, src[, sharedTmpBuffer][, calCount]); without calCount the whole src. Computed in float per
// element and rounded once to T; the temporary buffer, when passed, must be a live tensor.
#pragma once
#include <cstdint>

#include "sim/scalar_math.h"
#include "sim/vector_core.h"

namespace ascendc_sim {

template <typename T, typename F>
void HighLevelUnary(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                    const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count, F f) {
    RequireType<T>(api, kFloatTypes<T>);
    if (tmp != nullptr) tmp->CheckLive(api);
    UnaryLoop(api, VecClass::kTranscendental, dst, src, count, [f](float a) { return static_cast<float>(f(a)); });
}

}  // namespace ascendc_sim

#define ASCENDC_SIM_HIGH_LEVEL_UNARY(Name, expr)                                                                    \
    template <typename T, bool isReuseSource = false>                                                               \
    __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,                               \
                                const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,               \
                                ascendc_sim::CallSite = {}) {                                                       \
        ascendc_sim::HighLevelUnary(#Name, dst, src, &sharedTmpBuffer, calCount, [](float a) { return expr; });     \
    }                                                                                                               \
    template <typename T, bool isReuseSource = false>                                                               \
    __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount,      \
                                ascendc_sim::CallSite = {}) {                                                       \
        ascendc_sim::HighLevelUnary(#Name, dst, src, nullptr, calCount, [](float a) { return expr; });              \
    }                                                                                                               \
    template <typename T, bool isReuseSource = false>                                                               \
    __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,                               \
                                const LocalTensor<uint8_t>& sharedTmpBuffer, ascendc_sim::CallSite = {}) {          \
        Name<T, isReuseSource>(dst, src, sharedTmpBuffer, src.GetSize());                                           \
    }                                                                                                               \
    template <typename T, bool isReuseSource = false>                                                               \
    __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, ascendc_sim::CallSite = {}) { \
        Name<T, isReuseSource>(dst, src, src.GetSize());                                                            \
    }

namespace AscendC {

ASCENDC_SIM_HIGH_LEVEL_UNARY(Sigmoid, 1.0f / (1.0f + ascendc_sim::fm::exp(-a)))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Tanh, ascendc_sim::fm::tanh(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Sin, ascendc_sim::fm::sin(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Cos, ascendc_sim::fm::cos(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Tan, ascendc_sim::fm::tan(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Asin, ascendc_sim::fm::asin(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Acos, ascendc_sim::fm::acos(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Atan, ascendc_sim::fm::atan(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Sinh, ascendc_sim::fm::sinh(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Cosh, ascendc_sim::fm::cosh(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Asinh, ascendc_sim::fm::asinh(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Acosh, ascendc_sim::fm::acosh(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Atanh, ascendc_sim::fm::atanh(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Erf, ascendc_sim::fm::erf(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Erfc, ascendc_sim::fm::erfc(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Log, ascendc_sim::fm::log(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Log2, ascendc_sim::fm::log(a) / 0.6931471805599453f)
ASCENDC_SIM_HIGH_LEVEL_UNARY(Log10, ascendc_sim::fm::log(a) / 2.302585092994046f)
ASCENDC_SIM_HIGH_LEVEL_UNARY(Floor, ascendc_sim::fm::floor(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Ceil, ascendc_sim::fm::ceil(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Round, ascendc_sim::fm::rint(a))  // to nearest even (math/round.h)
ASCENDC_SIM_HIGH_LEVEL_UNARY(Trunc, ascendc_sim::fm::trunc(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Frac, a - ascendc_sim::fm::trunc(a))
ASCENDC_SIM_HIGH_LEVEL_UNARY(Sign, a > 0.0f ? 1.0f : (a < 0.0f ? -1.0f : 0.0f))

// x * sigmoid(x) (activation/silu.h: one overload, dataSize elements).
template <typename T, bool isReuseSource = false>
__aicore__ inline void Silu(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t dataSize,
                            ascendc_sim::CallSite = {}) {
    ascendc_sim::HighLevelUnary("Silu", dst, src, nullptr, dataSize,
                                [](float a) { return a / (1.0f + ascendc_sim::fm::exp(-a)); });
}
// x * sigmoid(beta x) (activation/swish.h).
template <typename T, bool isReuseSource = false>
__aicore__ inline void Swish(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t dataSize,
                             const T scalarValue, ascendc_sim::CallSite = {}) {
    const float beta = static_cast<float>(scalarValue);
    ascendc_sim::HighLevelUnary("Swish", dst, src, nullptr, dataSize,
                                [beta](float a) { return a / (1.0f + ascendc_sim::fm::exp(-beta * a)); });
}
// Gelu by the tanh approximation as x * sigmoid(1.5957691 (x + 0.044715 x^3)); FasterGelu as x * sigmoid(1.702 x)
// (Gelu.md, FasterGelu.md).
template <typename T, bool highPrecision = false, bool highPerformance = false>
__aicore__ inline void Gelu(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t dataSize,
                            ascendc_sim::CallSite = {}) {
    ascendc_sim::HighLevelUnary("Gelu", dst, src, &sharedTmpBuffer, dataSize, [](float a) {
        return a / (1.0f + ascendc_sim::fm::exp(-1.5957691216057308f * (a + 0.044715f * a * a * a)));
    });
}
template <typename T, bool highPrecision = false, bool highPerformance = false>
__aicore__ inline void Gelu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t dataSize,
                            ascendc_sim::CallSite = {}) {
    ascendc_sim::HighLevelUnary("Gelu", dst, src, nullptr, dataSize, [](float a) {
        return a / (1.0f + ascendc_sim::fm::exp(-1.5957691216057308f * (a + 0.044715f * a * a * a)));
    });
}
template <typename T, bool highPrecision = false, bool highPerformance = false>
__aicore__ inline void FasterGelu(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                  const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t dataSize,
                                  ascendc_sim::CallSite = {}) {
    ascendc_sim::HighLevelUnary("FasterGelu", dst, src, &sharedTmpBuffer, dataSize,
                                [](float a) { return a / (1.0f + ascendc_sim::fm::exp(-1.702f * a)); });
}
template <typename T, bool highPrecision = false, bool highPerformance = false>
__aicore__ inline void FasterGelu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t dataSize,
                                  ascendc_sim::CallSite = {}) {
    ascendc_sim::HighLevelUnary("FasterGelu", dst, src, nullptr, dataSize,
                                [](float a) { return a / (1.0f + ascendc_sim::fm::exp(-1.702f * a)); });
}

}  // namespace AscendC

#undef ASCENDC_SIM_HIGH_LEVEL_UNARY
