// The quantisation APIs of lib/quantization for dav-2201 / dav-2002, per tensor and per channel as far as public
// code calls them:
// - AscendQuant with a scalar scale and offset (AscendQuant.md): int8 = Cast(half(src) * half(scale) +
//   half(offset)), each step in half as asc-devkit's impl/adv_api/detail/quantization/quant/ascend_quant_pre_impl.h
//   computes it (a float source is cast to half first; the half -> int8 cast with CAST_NONE).
// - AscendDequant with DequantParams {m, n, calCount} (AscendDequant.md): per row of n int32, the first calCount
//   elements times deqScale (a tensor, its first calCount values, or a scalar), in float, rounded once to dstT;
//   dst rows are n rounded up to 32 bytes of dstT; DEQUANT_WITH_SINGLE_ROW reads {1, n, calCount} as
//   {n / calCount, calCount, calCount} when calCount is a multiple of 32 / sizeof(dstT) dividing n.
// The temporary buffer, when passed, must be a live tensor. The per-channel AscendQuant is not declared; a uint64_t
// deqScale (the packed form of the cube's dequantisation) fails to compile naming AscendDequant.
#pragma once
#include <cstdint>
#include <type_traits>
#include <vector>

#include "sim/cast.h"
#include "sim/vector_core.h"

namespace AscendC {

// ascend_quant_utils.h: the fields of dav-2201's config (the per-tensor path reads none of them)
struct AscendQuantConfig {
    __aicore__ constexpr AscendQuantConfig(const uint32_t calcCount, const uint32_t offsetCount,
                                           const uint32_t scaleCount, const uint32_t workLocalSize)
        : calcCount(calcCount), offsetCount(offsetCount), scaleCount(scaleCount), workLocalSize(workLocalSize) {}
    uint32_t calcCount = 0;
    uint32_t offsetCount = 0;
    uint32_t scaleCount = 0;
    uint32_t workLocalSize = 0;
};
constexpr AscendQuantConfig ASCEND_QUANT_DEFAULT_CFG = {0, 0, 0, 0};

// ascend_dequant_utils.h
struct DequantParams {
    uint32_t m;         // rows
    uint32_t n;         // elements of a row, 32-byte aligned
    uint32_t calCount;  // elements of a row dequantised
};
enum class DeQuantMode : uint8_t { DEQUANT_WITH_SINGLE_ROW = 0, DEQUANT_WITH_MULTI_ROW };

}  // namespace AscendC

namespace ascendc_sim {

template <typename T>
void AscendQuantPerTensor(const AscendC::LocalTensor<int8_t>& dst, const AscendC::LocalTensor<T>& src,
                          const AscendC::LocalTensor<uint8_t>* tmp, float scale, float offset, uint32_t count) {
    constexpr const char* kApi = "AscendQuant";
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(kApi, kFloatTypes<T>);
    if (tmp != nullptr) tmp->CheckLive(kApi);
    RequireCount(kApi, count);
    int8_t* d = dst.Operand(kApi, "dstTensor", count);
    const T* s = src.Operand(kApi, "srcTensor", count);
    const float hScale = static_cast<float>(half(scale));
    const float hOffset = static_cast<float>(half(offset));
    for (uint32_t i = 0; i < count; ++i) {
        const half h = ConvertOne<half, T>(s[i], AscendC::RoundMode::CAST_NONE);
        const half scaled = half(static_cast<float>(h) * hScale);
        const half shifted = half(static_cast<float>(scaled) + hOffset);
        d[i] = ConvertOne<int8_t, half>(shifted, AscendC::RoundMode::CAST_NONE);
    }
    Propagate(c, kApi, Flow::kElementwise, {CountOperand(dst, count)}, {CountOperand(src, count)});
    CountVector(c, VecClass::kCast, count, sizeof(T));
}

template <typename DstT, typename ScaleT, AscendC::DeQuantMode mode>
void AscendDequantRows(const AscendC::LocalTensor<DstT>& dst, const AscendC::LocalTensor<int32_t>& src,
                       const AscendC::LocalTensor<ScaleT>* scaleTensor, float scaleValue,
                       const AscendC::LocalTensor<uint8_t>* tmp, AscendC::DequantParams p) {
    constexpr const char* kApi = "AscendDequant";
    CoreContext& c = Core();
    Poll(c);
    static_assert(kOneOf<ScaleT, float, Bf16> && kOneOf<DstT, float, half, Bf16>,
                  "AscendDequant: the twin models a float / bfloat16_t deqScale into float, half or bfloat16_t");
    if (tmp != nullptr) tmp->CheckLive(kApi);
    if (p.n * sizeof(int32_t) % 32 != 0)
        Fail(kApi, Str("DequantParams.n ", p.n, " is not 32-byte aligned (AscendDequant.md)"));
    if (p.calCount == 0 || p.calCount > p.n)
        Fail(kApi, Str("DequantParams.calCount ", p.calCount, " must be in [1, n = ", p.n, "]"));
    constexpr uint32_t kDstBlock = 32 / sizeof(DstT);
    if (mode == AscendC::DeQuantMode::DEQUANT_WITH_SINGLE_ROW && p.m == 1 && p.calCount % kDstBlock == 0 &&
        p.n % p.calCount == 0) {
        p = {p.n / p.calCount, p.calCount, p.calCount};
    }
    const uint32_t dstRow = (p.n + kDstBlock - 1) / kDstBlock * kDstBlock;
    const int32_t* s = src.Operand(kApi, "srcTensor", uint64_t{p.m} * p.n);
    DstT* d = dst.Operand(kApi, "dstTensor", uint64_t{p.m - 1} * dstRow + p.calCount);
    const ScaleT* scales = scaleTensor ? scaleTensor->Operand(kApi, "deqScale", p.calCount) : nullptr;
    for (uint32_t row = 0; row < p.m; ++row) {
        for (uint32_t j = 0; j < p.calCount; ++j) {
            const float scale = scales ? static_cast<float>(scales[j]) : scaleValue;
            const float v = ConvertOne<float, int32_t>(s[uint64_t{row} * p.n + j], AscendC::RoundMode::CAST_NONE);
            d[uint64_t{row} * dstRow + j] = DstT(v * scale);  // to nearest even
        }
        std::vector<FlowOperand> from = {{Footprint::Contiguous(src.UbOffset(uint64_t{row} * p.n), p.calCount, 32)}};
        if (scaleTensor)
            from.push_back({Footprint::Contiguous(scaleTensor->UbOffset(0), p.calCount, sizeof(ScaleT) * 8)});
        Propagate(c, kApi, Flow::kWhole,
                  {{Footprint::Contiguous(dst.UbOffset(uint64_t{row} * dstRow), p.calCount, sizeof(DstT) * 8)}}, from);
    }
    CountVector(c, VecClass::kCast, uint64_t{p.m} * p.n, sizeof(float));
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                   const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale, const float offset,
                                   const uint32_t calCount, ascendc_sim::CallSite = {}) {
    ascendc_sim::AscendQuantPerTensor(dstTensor, srcTensor, &sharedTmpBuffer, scale, offset, calCount);
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                   const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale, const float offset,
                                   ascendc_sim::CallSite = {}) {
    ascendc_sim::AscendQuantPerTensor(dstTensor, srcTensor, &sharedTmpBuffer, scale, offset, srcTensor.GetSize());
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                   const float scale, const float offset, const uint32_t calCount,
                                   ascendc_sim::CallSite = {}) {
    ascendc_sim::AscendQuantPerTensor(dstTensor, srcTensor, nullptr, scale, offset, calCount);
}
template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
__aicore__ inline void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                                   const float scale, const float offset, ascendc_sim::CallSite = {}) {
    ascendc_sim::AscendQuantPerTensor(dstTensor, srcTensor, nullptr, scale, offset, srcTensor.GetSize());
}

template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                                     const LocalTensor<scaleT>& deqScale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                                     DequantParams params, ascendc_sim::CallSite = {}) {
    ascendc_sim::AscendDequantRows<dstT, scaleT, mode>(dstTensor, srcTensor, &deqScale, 0.0f, &sharedTmpBuffer, params);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                                     const LocalTensor<scaleT>& deqScale, DequantParams params,
                                     ascendc_sim::CallSite = {}) {
    ascendc_sim::AscendDequantRows<dstT, scaleT, mode>(dstTensor, srcTensor, &deqScale, 0.0f, nullptr, params);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                                     const scaleT deqScale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                                     DequantParams params, ascendc_sim::CallSite = {}) {
    ascendc_sim::AscendDequantRows<dstT, scaleT, mode>(dstTensor, srcTensor, nullptr, static_cast<float>(deqScale),
                                                       &sharedTmpBuffer, params);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
__aicore__ inline void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                                     const scaleT deqScale, DequantParams params, ascendc_sim::CallSite = {}) {
    ascendc_sim::AscendDequantRows<dstT, scaleT, mode>(dstTensor, srcTensor, nullptr, static_cast<float>(deqScale),
                                                       nullptr, params);
}

}  // namespace AscendC
