// SwiGLU (lib/activation/swiglu.h, SwiGLU.md): dst = src0 * Swish(src1), Swish(x) = x / (1 + e^(-beta x)), with the
// documented overloads (dst, src0, src1, scalarValue[, sharedTmpBuffer][, calCount]); without calCount the whole
// src0. Computed in float per element and rounded once to T (half is cast to float first: swiglu_common_impl.h);
// the temporary buffer, when passed, must be a live tensor.
#pragma once
#include <cstdint>

#include "sim/scalar_math.h"
#include "sim/vector_core.h"

namespace ascendc_sim {

template <typename T>
void SwiGLUCompute(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                   const AscendC::LocalTensor<T>& src1, float beta, const AscendC::LocalTensor<uint8_t>* tmp,
                   uint32_t count) {
    constexpr const char* kApi = "SwiGLU";
    RequireType<T>(kApi, kFloatTypes<T>);
    if (tmp != nullptr) tmp->CheckLive(kApi);
    BinaryLoop(kApi, VecClass::kTranscendental, dst, src0, src1, count,
               [beta](float a, float b) { return static_cast<float>(a * (b / (1.0f + fm::exp(-beta * b)))); });
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                              const LocalTensor<T>& srcTensor1, const float& scalarValue,
                              const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                              ascendc_sim::CallSite = {}) {
    ascendc_sim::SwiGLUCompute(dstTensor, srcTensor0, srcTensor1, scalarValue, &sharedTmpBuffer, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                              const LocalTensor<T>& srcTensor1, const float& scalarValue,
                              const LocalTensor<uint8_t>& sharedTmpBuffer, ascendc_sim::CallSite = {}) {
    ascendc_sim::SwiGLUCompute(dstTensor, srcTensor0, srcTensor1, scalarValue, &sharedTmpBuffer, srcTensor0.GetSize());
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                              const LocalTensor<T>& srcTensor1, const float& scalarValue, const uint32_t calCount,
                              ascendc_sim::CallSite = {}) {
    ascendc_sim::SwiGLUCompute(dstTensor, srcTensor0, srcTensor1, scalarValue, nullptr, calCount);
}
template <typename T, bool isReuseSource = false>
__aicore__ inline void SwiGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0,
                              const LocalTensor<T>& srcTensor1, const float& scalarValue, ascendc_sim::CallSite = {}) {
    ascendc_sim::SwiGLUCompute(dstTensor, srcTensor0, srcTensor1, scalarValue, nullptr, srcTensor0.GetSize());
}

}  // namespace AscendC
