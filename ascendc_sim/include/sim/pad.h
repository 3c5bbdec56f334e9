// Pad and UnPad of lib/pad (Pad.md, UnPad.md) over [height, width] rows, the shape from the kernel's PadTiling /
// UnPadTiling (tiling/pad_tiling.h):
// - Pad, width not 32-byte aligned: each src row of width elements (rows packed) becomes leftPad values, the row
//   and rightPad values, at most the width rounded up to 32 bytes; the twin packs the dst rows likewise.
// - Pad, width aligned: the columns from srcOriWidth take rightPad values (no left pad: Pad.md).
// - UnPad: each aligned src row loses leftPad elements in front and rightPad behind; the dst rows are packed.
// The temporary buffer, when passed, must be a live tensor.
#pragma once
#include <cstdint>

#include "kernel_tiling/kernel_tiling.h"
#include "sim/vector_core.h"

namespace AscendC {

// kernel_utils_struct_confusion_pad.h
struct PadParams {
    __aicore__ PadParams() {}
    __aicore__ PadParams(const uint16_t leftPadIn, const uint16_t rightPadIn, const int32_t padValueIn)
        : leftPad(leftPadIn), rightPad(rightPadIn), padValue(padValueIn) {}
    uint16_t leftPad = 0;
    uint16_t rightPad = 0;
    int32_t padValue = 0;
};
struct UnPadParams {
    __aicore__ UnPadParams() {}
    __aicore__ UnPadParams(const uint16_t leftPadIn, const uint16_t rightPadIn)
        : leftPad(leftPadIn), rightPad(rightPadIn) {}
    uint16_t leftPad = 0;
    uint16_t rightPad = 0;
};

}  // namespace AscendC

namespace ascendc_sim {

template <typename T>
inline constexpr bool kPadTypes = kOneOf<T, int16_t, uint16_t, half, int32_t, uint32_t, float>;

// dst row r of dstWidth elements from src row r of srcWidth: column j takes src column column(j), or padValue where
// that is negative
template <typename T, typename Column>
void MapRows(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, uint32_t rows,
             uint32_t srcWidth, uint32_t dstWidth, T padValue, Column column) {
    CoreContext& c = Core();
    T* d = dst.Operand(api, "dstTensor", uint64_t{rows} * dstWidth);
    const T* s = src.Operand(api, "srcTensor", uint64_t{rows} * srcWidth);
    for (uint32_t r = 0; r < rows; ++r) {
        for (uint32_t j = 0; j < dstWidth; ++j) {
            const int64_t from = column(j);
            d[uint64_t{r} * dstWidth + j] = from < 0 ? padValue : s[uint64_t{r} * srcWidth + from];
        }
        Propagate(c, api, Flow::kWhole,
                  {{Footprint::Contiguous(dst.UbOffset(uint64_t{r} * dstWidth), dstWidth, sizeof(T) * 8)}},
                  {{Footprint::Contiguous(src.UbOffset(uint64_t{r} * srcWidth), srcWidth, sizeof(T) * 8)}});
    }
    CountVector(c, VecClass::kSimple, uint64_t{rows} * dstWidth, sizeof(T));
}

template <typename T>
void PadCompute(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const AscendC::PadParams& p,
                const AscendC::LocalTensor<uint8_t>* tmp, const PadTiling& tiling) {
    constexpr const char* kApi = "Pad";
    Poll(Core());
    static_assert(kPadTypes<T>, "Pad: T is int16_t, uint16_t, half, int32_t, uint32_t or float");
    if (tmp != nullptr) tmp->CheckLive(kApi);
    const uint32_t w = tiling.srcWidth, perBlock = 32 / sizeof(T);
    const int64_t left = p.leftPad, right = p.rightPad;
    const T value = static_cast<T>(p.padValue);
    if (w % perBlock != 0) {
        const uint32_t aligned = (w + perBlock - 1) / perBlock * perBlock;
        const uint32_t out = w + p.leftPad + p.rightPad;
        if (out > aligned)
            Fail(kApi, Str("width ", w, " + leftPad ", p.leftPad, " + rightPad ", p.rightPad, " exceeds ", aligned,
                           ", the width rounded up to 32 bytes (Pad.md)"));
        MapRows(kApi, dst, src, tiling.srcHeight, w, out, value,
                [left, w](uint32_t j) { return j < left || j >= left + w ? int64_t{-1} : int64_t{j} - left; });
        return;
    }
    if (p.leftPad != 0) Fail(kApi, "an aligned width takes only a right pad (Pad.md): leftPad must be 0");
    const int64_t ori = tiling.srcOriWidth;
    if (ori + right > w) Fail(kApi, Str("srcOriWidth ", ori, " + rightPad ", right, " exceeds the width ", w));
    MapRows(kApi, dst, src, tiling.srcHeight, w, w, value,
            [ori, right](uint32_t j) { return j >= ori && j < ori + right ? int64_t{-1} : int64_t{j}; });
}

template <typename T>
void UnPadCompute(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const AscendC::UnPadParams& p,
                  const AscendC::LocalTensor<uint8_t>* tmp, const UnPadTiling& tiling) {
    constexpr const char* kApi = "UnPad";
    Poll(Core());
    static_assert(kPadTypes<T>, "UnPad: T is int16_t, uint16_t, half, int32_t, uint32_t or float");
    if (tmp != nullptr) tmp->CheckLive(kApi);
    const uint32_t w = tiling.srcWidth;
    if (w * sizeof(T) % 32 != 0) Fail(kApi, Str("the source width ", w, " must be 32-byte aligned (UnPad.md)"));
    if (uint32_t{p.leftPad} + p.rightPad >= w)
        Fail(kApi, Str("leftPad ", p.leftPad, " + rightPad ", p.rightPad, " leave nothing of the width ", w));
    const int64_t left = p.leftPad;
    MapRows(kApi, dst, src, tiling.srcHeight, w, w - p.leftPad - p.rightPad, T{},
            [left](uint32_t j) { return int64_t{j} + left; });
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T>
__aicore__ inline void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams,
                           const LocalTensor<uint8_t>& sharedTmpBuffer, PadTiling& tiling, ascendc_sim::CallSite = {}) {
    ascendc_sim::PadCompute(dstTensor, srcTensor, padParams, &sharedTmpBuffer, tiling);
}
template <typename T>
__aicore__ inline void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams,
                           PadTiling& tiling, ascendc_sim::CallSite = {}) {
    ascendc_sim::PadCompute(dstTensor, srcTensor, padParams, nullptr, tiling);
}
template <typename T>
__aicore__ inline void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, UnPadParams& unPadParams,
                             LocalTensor<uint8_t>& sharedTmpBuffer, UnPadTiling& tiling, ascendc_sim::CallSite = {}) {
    ascendc_sim::UnPadCompute(dstTensor, srcTensor, unPadParams, &sharedTmpBuffer, tiling);
}
template <typename T>
__aicore__ inline void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, UnPadParams& unPadParams,
                             UnPadTiling& tiling, ascendc_sim::CallSite = {}) {
    ascendc_sim::UnPadCompute(dstTensor, srcTensor, unPadParams, nullptr, tiling);
}

}  // namespace AscendC
