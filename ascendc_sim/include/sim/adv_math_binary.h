// More advanced APIs (asc-devkit include/adv_api/math, activation, index): ClampMax / ClampMin against a scalar, Xor
// and Fmod of two tensors, GeGLU, Arange, and Axpy with its sharedTmpBuffer. Each with the overloads of its header;
// without calCount the whole src. Computed per element in float (Fmod exactly, as C's fmod) and rounded once to T; the
// temporary buffer, when passed, must be a live tensor (its size is the host's Get*MaxMinTmpSize).
#pragma once
#include <cstdint>

#include "sim/scalar_math.h"
#include "sim/vector_core.h"
#include "sim/vector_ops.h"

namespace AscendC {

// clamp_utils.h / fmod_utils.h
struct ClampConfig {
    bool isReuseSource;
};
constexpr ClampConfig DEFAULT_CLAMP_CONFIG = {false};

constexpr uint32_t FMOD_ITERATION_NUM_MAX = 11;
enum class FmodAlgo {
    NORMAL = 0,
    ITERATION_COMPENSATION = 1,
};
struct FmodConfig {
    FmodAlgo algo = FmodAlgo::NORMAL;
    uint32_t iterationNum = FMOD_ITERATION_NUM_MAX;
};
constexpr FmodConfig DEFAULT_FMOD_CONFIG = {FmodAlgo::NORMAL, FMOD_ITERATION_NUM_MAX};

}  // namespace AscendC

namespace ascendc_sim {

// dst[i] = f(src0[i], src1[i]) for an advanced binary API; the types it takes, its temporary buffer checked live.
template <typename T, typename F>
void AdvancedBinary(const char* api, VecClass k, bool typeOk, const AscendC::LocalTensor<T>& dst,
                    const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>& src1,
                    const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count, F f) {
    RequireType<T>(api, typeOk);
    if (tmp != nullptr) tmp->CheckLive(api);
    BinaryLoop(api, k, dst, src0, src1, count, f);
}

// The count of the forms without calCount: src0 and src1 must be of one size (xor.h asserts it).
template <typename T>
uint32_t SameSize(const char* api, const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>& src1) {
    if (src0.GetSize() != src1.GetSize()) {
        Fail(api, Str("src0 has ", src0.GetSize(), " elements and src1 ", src1.GetSize(), ": they must be equal"));
    }
    return src0.GetSize();
}

}  // namespace ascendc_sim

// The four overloads (dst, src0, src1[, sharedTmpBuffer][, calCount]) of an advanced binary API, with `templ` its
// template head in parentheses and `call(tmp, count)` the computation.
#define ASCENDC_SIM_UNPAREN(...) __VA_ARGS__
#define ASCENDC_SIM_ADV_BINARY(Name, templ, call)                                                                   \
    ASCENDC_SIM_UNPAREN templ __aicore__ inline void Name(                                                          \
        const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,                          \
        const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, ascendc_sim::CallSite = {}) {         \
        call(&sharedTmpBuffer, calCount);                                                                           \
    }                                                                                                               \
    ASCENDC_SIM_UNPAREN templ __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0,    \
                                                          const LocalTensor<T>& src1, const uint32_t calCount,      \
                                                          ascendc_sim::CallSite = {}) {                             \
        call(nullptr, calCount);                                                                                    \
    }                                                                                                               \
    ASCENDC_SIM_UNPAREN templ __aicore__ inline void Name(                                                          \
        const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,                          \
        const LocalTensor<uint8_t>& sharedTmpBuffer, ascendc_sim::CallSite = {}) {                                  \
        call(&sharedTmpBuffer, ascendc_sim::SameSize(#Name, src0, src1));                                           \
    }                                                                                                               \
    ASCENDC_SIM_UNPAREN templ __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0,    \
                                                          const LocalTensor<T>& src1, ascendc_sim::CallSite = {}) { \
        call(nullptr, ascendc_sim::SameSize(#Name, src0, src1));                                                    \
    }

namespace AscendC {

// Xor.md: int16_t / uint16_t, bit by bit.
#define ASCENDC_SIM_XOR_CALL(tmp, count)                                                                           \
    ascendc_sim::AdvancedBinary("Xor", ascendc_sim::VecClass::kSimple, ascendc_sim::kBitTypes<T>, dst, src0, src1, \
                                tmp, count, [](auto a, auto b) { return a ^ b; })
ASCENDC_SIM_ADV_BINARY(Xor, (template <typename T, bool isReuseSource = false>), ASCENDC_SIM_XOR_CALL)
#undef ASCENDC_SIM_XOR_CALL

// Fmod.md: half / float, src0 - trunc(src0 / src1) * src1 with src0's sign, as C's fmod; the algorithm of the
// config (NORMAL or ITERATION_COMPENSATION) changes only the cost on hardware.
#define ASCENDC_SIM_FMOD_CALL(tmp, count)                                                                         \
    ascendc_sim::AdvancedBinary("Fmod", ascendc_sim::VecClass::kTranscendental, ascendc_sim::kFloatTypes<T>, dst, \
                                src0, src1, tmp, count, [](float a, float b) { return ascendc_sim::fm::fmod(a, b); })
ASCENDC_SIM_ADV_BINARY(
    Fmod, (template <typename T, bool isReuseSource = false, const FmodConfig& config = DEFAULT_FMOD_CONFIG>),
    ASCENDC_SIM_FMOD_CALL)
#undef ASCENDC_SIM_FMOD_CALL

// GeGLU.md: dst = src0 * Gelu(src1), Gelu by the tanh approximation as the twin's Gelu (sim/activation.h); half /
// float.
#define ASCENDC_SIM_GEGLU_CALL(tmp, count)                                                                         \
    ascendc_sim::AdvancedBinary(                                                                                   \
        "GeGLU", ascendc_sim::VecClass::kTranscendental, ascendc_sim::kFloatTypes<T>, dst, src0, src1, tmp, count, \
        [](float a, float b) {                                                                                     \
            return a * b / (1.0f + ascendc_sim::fm::exp(-1.5957691216057308f * (b + 0.044715f * b * b * b)));      \
        })
ASCENDC_SIM_ADV_BINARY(GeGLU, (template <typename T, bool isReuseSource = false>), ASCENDC_SIM_GEGLU_CALL)
#undef ASCENDC_SIM_GEGLU_CALL

// Arange (index/arithprogression.h): dst[i] = firstValue + i * diffValue for count elements; half / float / int16_t
// / int32_t. Each element is computed from i (in double, rounded once to T).
template <typename T>
__aicore__ inline void Arange(const LocalTensor<T>& dst, const T firstValue, const T diffValue, const int32_t count,
                              ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "Arange";
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kOneOf<T, half, float, int16_t, int32_t>);
    RequireCount(api, count);
    T* d = dst.Operand(api, "dst", count);
    const double first = static_cast<double>(static_cast<float>(firstValue));
    const double diff = static_cast<double>(static_cast<float>(diffValue));
    for (int32_t i = 0; i < count; ++i) d[i] = static_cast<T>(static_cast<float>(first + diff * i));
    DefineBytes(c, DefSpace::kUb, CountOperand(dst, count).fp);
    CountVector(c, VecClass::kSimple, count, sizeof(T));
}

// Clamp.md: ClampMax sets each element above scalar to scalar, ClampMin each below; half / float.
#define ASCENDC_SIM_CLAMP(Name, pick)                                                                                 \
    template <typename T, bool isReuseSource = false>                                                                 \
    __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src,                                 \
                                const LocalTensor<uint8_t>& sharedTmpBuffer, const T scalar, const uint32_t calCount, \
                                ascendc_sim::CallSite = {}) {                                                         \
        ascendc_sim::RequireType<T>(#Name, ascendc_sim::kFloatTypes<T>);                                              \
        sharedTmpBuffer.CheckLive(#Name);                                                                             \
        const float s = static_cast<float>(scalar);                                                                   \
        ascendc_sim::UnaryLoop(#Name, ascendc_sim::VecClass::kSimple, dst, src, calCount,                             \
                               [s](float a) { return pick; });                                                        \
    }                                                                                                                 \
    template <typename T, bool isReuseSource = false>                                                                 \
    __aicore__ inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T scalar,                 \
                                const uint32_t calCount, ascendc_sim::CallSite = {}) {                                \
        ascendc_sim::RequireType<T>(#Name, ascendc_sim::kFloatTypes<T>);                                              \
        const float s = static_cast<float>(scalar);                                                                   \
        ascendc_sim::UnaryLoop(#Name, ascendc_sim::VecClass::kSimple, dst, src, calCount,                             \
                               [s](float a) { return pick; });                                                        \
    }
ASCENDC_SIM_CLAMP(ClampMax, a > s ? s : a)
ASCENDC_SIM_CLAMP(ClampMin, a < s ? s : a)
#undef ASCENDC_SIM_CLAMP

// Axpy.md (advanced): dst += src * scalar, T == U (half / float) or a float dst with half src; the basic Axpy's
// arithmetic, with the temporary buffer checked live.
template <typename T, typename U, bool isReuseSource = false>
__aicore__ inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U scalarValue,
                            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                            ascendc_sim::CallSite = {}) {
    sharedTmpBuffer.CheckLive("Axpy");
    Axpy<T, U>(dst, src, scalarValue, static_cast<int32_t>(calCount));
}

}  // namespace AscendC

#undef ASCENDC_SIM_ADV_BINARY
#undef ASCENDC_SIM_UNPAREN
