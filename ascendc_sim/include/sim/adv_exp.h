// The advanced Exp (lib/math/exp.h): Exp<T, taylorExpandLevel, isReuseSource>(dst, src, sharedTmpBuffer,
// calCount), e^x of the first calCount elements; computed in float per element and rounded once to T, whatever
// the Taylor level (the level trades CANN's speed for precision; the twin's value is the exact one). The temporary
// buffer must be a live tensor.
#pragma once
#include <cstdint>

#include "sim/activation.h"

namespace AscendC {

template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount,
                           ascendc_sim::CallSite = {}) {
    ascendc_sim::HighLevelUnary("Exp", dst, src, &sharedTmpBuffer, calCount,
                                [](float a) { return ascendc_sim::fm::exp(a); });
}
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount,
                           ascendc_sim::CallSite = {}) {
    ascendc_sim::HighLevelUnary("Exp", dst, src, nullptr, calCount, [](float a) { return ascendc_sim::fm::exp(a); });
}

}  // namespace AscendC
