// The SoftMax gradient (lib/activation/softmaxgrad.h) in ND layout: per row, sum = rowsum(grad * x);
// SoftmaxGradFront writes sum to every element of the row's 32-byte block of dst, SoftmaxGrad writes
// grad * x - sum * x over the row. Computed in float and rounded once to T; the shape is the call's
// SoftMaxShapeInfo, else the tiling's. SoftmaxGrad's isFront = true, NZ input and a tmp buffer that is not live are
// refused by name.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/softmax.h"

namespace ascendc_sim {

template <typename T, bool isDataFormatNZ>
void SoftMaxGradRows(const char* api, bool front, const AscendC::LocalTensor<T>& dst,
                     const AscendC::LocalTensor<T>& grad, const AscendC::LocalTensor<T>& src,
                     const AscendC::LocalTensor<uint8_t>* tmp, const SoftMaxTiling& tiling,
                     const AscendC::SoftMaxShapeInfo& info) {
    static_assert(!isDataFormatNZ, "SoftmaxGrad: isDataFormatNZ (NZ input) is not modelled by the twin");
    CoreContext& c = Core();
    const SoftMaxRowsOf r = SoftMaxBegin<T>(c, api, tmp, tiling, info);
    constexpr uint32_t kBlock = 32 / sizeof(T);
    const uint64_t n = uint64_t{r.m} * r.k;
    const uint32_t outPerRow = front ? kBlock : r.k;
    const T* g = grad.Operand(api, "gradTensor", n);
    const T* x = src.Operand(api, "srcTensor", n);
    std::vector<T> gv(g, g + n), xv(x, x + n);  // dst may be an input
    T* d = dst.Operand(api, "dstTensor", uint64_t{r.m} * outPerRow);
    for (uint32_t row = 0; row < r.m; ++row) {
        const uint64_t at = uint64_t{row} * r.k;
        std::vector<float> products(r.k);
        for (uint32_t j = 0; j < r.k; ++j)
            products[j] = static_cast<float>(gv[at + j]) * static_cast<float>(xv[at + j]);
        const float sum = RowTreeSum(products.data(), r.k);
        for (uint32_t j = 0; j < outPerRow; ++j) {
            const float gx = static_cast<float>(gv[at + j]) * static_cast<float>(xv[at + j]);
            d[uint64_t{row} * outPerRow + j] = T(front ? sum : gx - sum * static_cast<float>(xv[at + j]));
        }
        const uint32_t bits = sizeof(T) * 8;
        Propagate(c, api, Flow::kWhole,
                  {{Footprint::Contiguous(dst.UbOffset(uint64_t{row} * outPerRow), outPerRow, bits)}},
                  {{Footprint::Contiguous(grad.UbOffset(at), r.k, bits)},
                   {Footprint::Contiguous(src.UbOffset(at), r.k, bits)}});
    }
    CountVector(c, VecClass::kSimple, 3 * n, sizeof(T));
}

inline void RefuseGradFront(bool isFront) {
    if (isFront) Fail("SoftmaxGrad", "isFront = true is not modelled by the twin (SoftmaxGradFront gives the sums)");
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
__aicore__ inline void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                                   const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                                   const SoftMaxTiling& tiling, bool isFront = false,
                                   const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ascendc_sim::RefuseGradFront(isFront);
    ascendc_sim::SoftMaxGradRows<T, isDataFormatNZ>("SoftmaxGrad", false, dstTensor, gradTensor, srcTensor,
                                                    &sharedTmpBuffer, tiling, softmaxShapeInfo);
}
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
__aicore__ inline void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                                   const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling, bool isFront = false,
                                   const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ascendc_sim::RefuseGradFront(isFront);
    ascendc_sim::SoftMaxGradRows<T, isDataFormatNZ>("SoftmaxGrad", false, dstTensor, gradTensor, srcTensor, nullptr,
                                                    tiling, softmaxShapeInfo);
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
__aicore__ inline void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                                        const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                                        const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ascendc_sim::SoftMaxGradRows<T, isDataFormatNZ>("SoftmaxGradFront", true, dstTensor, gradTensor, srcTensor,
                                                    &sharedTmpBuffer, tiling, softmaxShapeInfo);
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
__aicore__ inline void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                                        const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                                        const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ascendc_sim::SoftMaxGradRows<T, isDataFormatNZ>("SoftmaxGradFront", true, dstTensor, gradTensor, srcTensor, nullptr,
                                                    tiling, softmaxShapeInfo);
}

}  // namespace AscendC
