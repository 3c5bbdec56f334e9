// AscendAntiQuant of lib/quantization for int8_t input (AscendAntiQuant.md), per channel and per tensor:
//   not transposed, src [K, N]: dst[i][j] = scale[i / groupSize][j] * (src[i][j] + offset[i / groupSize][j]),
//     groupSize = K / the offset's (else the scale's) height;
//   transposed, src [N, K]: dst[i][j] = scale[i][j / groupSize] * (src[i][j] + offset[i][j / groupSize]),
//     groupSize = K / its width;
//   per tensor: dst = scale * (src + offset);
// N = src.GetSize() / K, as asc-devkit's ascend_antiquant_impl.h takes it. The shape comes from AntiQuantShapeInfo,
// else from the tensor's ShapeInfo. A half result is computed in half, each step rounded (Cast, Add, Mul of the
// impl); a bfloat16_t result in float, rounded once (ascend_antiquant_c220_impl.h). The temporary buffer, when
// passed, must be a live tensor.
#pragma once
#include <cstdint>
#include <type_traits>
#include <vector>

#include "sim/cast.h"
#include "sim/vector_core.h"

namespace AscendC {

// ascend_antiquant_utils.h
struct AntiQuantShapeInfo {
    uint32_t offsetHeight{0};
    uint32_t offsetWidth{0};
    uint32_t scaleHeight{0};
    uint32_t scaleWidth{0};
};

}  // namespace AscendC

namespace ascendc_sim {

struct AntiQuantPlan {
    uint32_t k;
    uint32_t n;
    uint32_t groupSize;   // 0: per tensor
    uint32_t paramWidth;  // elements of a row of offset / scale
};

template <typename D>
D AntiQuantOne(int8_t x, float offset, float scale, bool withOffset) {
    if constexpr (std::is_same_v<D, half>) {
        half h = half(static_cast<float>(x));
        if (withOffset) h = half(static_cast<float>(h) + offset);
        return half(static_cast<float>(h) * scale);
    } else {
        return D((static_cast<float>(x) + (withOffset ? offset : 0.0f)) * scale);
    }
}

// groupSize and the parameters' row width from the shape (height, width) of offset / scale
inline AntiQuantPlan PlanAntiQuant(const char* api, uint32_t srcSize, uint32_t k, bool isTranspose, uint32_t height,
                                   uint32_t width) {
    if (k == 0 || srcSize % k != 0) Fail(api, Str("k ", k, " does not divide the ", srcSize, " elements of src"));
    const uint32_t groups = isTranspose ? width : height;
    if (height == 0 || width == 0)
        Fail(api, "the offset / scale shape is unknown: pass AntiQuantShapeInfo or SetShapeInfo on the tensor");
    if (k % groups != 0) Fail(api, Str("k ", k, " is not a multiple of the ", groups, " groups of offset / scale"));
    return {k, srcSize / k, k / groups, width};
}

template <typename S, typename D, bool isTranspose>
void AntiQuantRun(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<S>& src,
                  const AscendC::LocalTensor<D>* offset, const AscendC::LocalTensor<D>* scale, D offsetValue,
                  D scaleValue, const AscendC::LocalTensor<uint8_t>* tmp, uint32_t k,
                  const AscendC::AntiQuantShapeInfo& info) {
    constexpr const char* kApi = "AscendAntiQuant";
    static_assert(std::is_same_v<S, int8_t>, "AscendAntiQuant: the twin models an int8_t source");
    static_assert(kOneOf<D, half, Bf16>, "AscendAntiQuant: the result is half or bfloat16_t");
    CoreContext& c = Core();
    Poll(c);
    if (tmp != nullptr) tmp->CheckLive(kApi);
    const uint32_t total = src.GetSize();
    AntiQuantPlan plan{k, 0, 0, 0};
    if (scale != nullptr) {
        const bool byOffset = offset != nullptr;
        const AscendC::ShapeInfo s = (byOffset ? offset : scale)->GetShapeInfo();
        uint32_t h = byOffset ? info.offsetHeight : info.scaleHeight;
        uint32_t w = byOffset ? info.offsetWidth : info.scaleWidth;
        if (h == 0) h = s.shapeDim >= 1 ? s.shape[0] : 0;
        if (w == 0) w = s.shapeDim >= 2 ? s.shape[1] : 0;
        plan = PlanAntiQuant(kApi, total, k, isTranspose, h, w);
    }
    D* d = dst.Operand(kApi, "dst", total);
    const S* x = src.Operand(kApi, "src", total);
    const uint32_t params =
        plan.groupSize ? (isTranspose ? plan.n * plan.paramWidth : (plan.k / plan.groupSize) * plan.paramWidth) : 0;
    const D* off = offset ? offset->Operand(kApi, "offset", params) : nullptr;
    const D* sc = scale ? scale->Operand(kApi, "scale", params) : nullptr;
    const uint32_t rows = isTranspose ? plan.n : plan.k;
    const uint32_t cols = total / (rows ? rows : 1);
    for (uint32_t i = 0; i < total; ++i) {
        float o = static_cast<float>(offsetValue), s = static_cast<float>(scaleValue);
        if (sc != nullptr) {
            const uint32_t row = i / cols, col = i % cols;
            const uint32_t at = isTranspose ? row * plan.paramWidth + col / plan.groupSize
                                            : (row / plan.groupSize) * plan.paramWidth + col;
            s = static_cast<float>(sc[at]);
            o = off ? static_cast<float>(off[at]) : 0.0f;
        }
        d[i] = AntiQuantOne<D>(x[i], o, s, off != nullptr || sc == nullptr);
    }
    std::vector<FlowOperand> from = {CountOperand(src, total)};
    if (off) from.push_back(CountOperand(*offset, params));
    if (sc) from.push_back(CountOperand(*scale, params));
    Propagate(c, kApi, sc ? Flow::kWhole : Flow::kElementwise, {CountOperand(dst, total)}, from);
    CountVector(c, VecClass::kCast, 3 * uint64_t{total}, sizeof(D));
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ inline void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                                       const LocalTensor<OutputDataType>& offset,
                                       const LocalTensor<OutputDataType>& scale,
                                       const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                                       const AntiQuantShapeInfo& shapeInfo = {}, ascendc_sim::CallSite = {}) {
    ascendc_sim::AntiQuantRun<InputDataType, OutputDataType, isTranspose>(
        dst, src, &offset, &scale, OutputDataType(0.0f), OutputDataType(0.0f), &sharedTmpBuffer, k, shapeInfo);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ inline void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                                       const LocalTensor<OutputDataType>& scale,
                                       const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                                       const AntiQuantShapeInfo& shapeInfo = {}, ascendc_sim::CallSite = {}) {
    ascendc_sim::AntiQuantRun<InputDataType, OutputDataType, isTranspose>(
        dst, src, nullptr, &scale, OutputDataType(0.0f), OutputDataType(0.0f), &sharedTmpBuffer, k, shapeInfo);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ inline void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                                       const OutputDataType offset, const OutputDataType scale,
                                       const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                                       const AntiQuantShapeInfo& shapeInfo = {}, ascendc_sim::CallSite = {}) {
    ascendc_sim::AntiQuantRun<InputDataType, OutputDataType, isTranspose>(dst, src, nullptr, nullptr, offset, scale,
                                                                          &sharedTmpBuffer, k, shapeInfo);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ inline void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                                       const LocalTensor<OutputDataType>& offset,
                                       const LocalTensor<OutputDataType>& scale, const uint32_t k,
                                       const AntiQuantShapeInfo& shapeInfo = {}, ascendc_sim::CallSite = {}) {
    ascendc_sim::AntiQuantRun<InputDataType, OutputDataType, isTranspose>(
        dst, src, &offset, &scale, OutputDataType(0.0f), OutputDataType(0.0f), nullptr, k, shapeInfo);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
__aicore__ inline void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                                       const OutputDataType offset, const OutputDataType scale, const uint32_t k,
                                       const AntiQuantShapeInfo& shapeInfo = {}, ascendc_sim::CallSite = {}) {
    ascendc_sim::AntiQuantRun<InputDataType, OutputDataType, isTranspose>(dst, src, nullptr, nullptr, offset, scale,
                                                                          nullptr, k, shapeInfo);
}

}  // namespace AscendC
