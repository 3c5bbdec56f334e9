// The filter APIs of lib/filter and lib/select, row by row over firstAxis rows:
// - Select with a byte mask (Select.md, SelectWithBytesMaskShapeInfo): dst = mask == 0 ? src0 : src1, one side a
//   tensor, the other a scalar; a mask row is maskLastAxis elements (32-byte aligned, a multiple of 16, at least
//   srcLastAxis) of which the first srcLastAxis count. The mask is left unchanged (isReuseMask only allows CANN to
//   overwrite it).
// - DropOut (DropOut.md, DropOutShapeInfo): dst = kept ? src * (T)(1 / keepProb) : 0, the mask uint8_t bytes (byte
//   mode) or bits, the lowest bit first (bit mode); dropOutMode 0 infers the mode from the axes as asc-devkit's
//   impl/adv_api/detail/filter/dropout/dropout_impl.h does: srcLastAxis below maskLastAxis a byte row with padding,
//   equal plain bytes, eight times the mask's plain bits, otherwise bit rows with padding.
// The temporary buffer must be a live tensor.
#pragma once
#include <cstdint>

#include "sim/vector_core.h"

namespace AscendC {

struct SelectWithBytesMaskShapeInfo {
    __aicore__ SelectWithBytesMaskShapeInfo() {}
    uint32_t firstAxis = 0;
    uint32_t srcLastAxis = 0;
    uint32_t maskLastAxis = 0;
};

struct DropOutShapeInfo {
    __aicore__ DropOutShapeInfo() {}
    uint32_t firstAxis = 0;
    uint32_t srcLastAxis = 0;
    uint32_t maskLastAxis = 0;
};

}  // namespace AscendC

namespace ascendc_sim {

// One row's flow: dst's srcLastAxis elements from the same row of the tensor source and of the mask.
template <typename T, typename M>
void PropagateFilterRow(CoreContext& c, const char* api, const AscendC::LocalTensor<T>& dst,
                        const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<M>& mask, uint32_t row,
                        uint32_t srcLast, uint32_t maskLast, uint32_t maskUsed) {
    Propagate(c, api, Flow::kWhole,
              {{Footprint::Contiguous(dst.UbOffset(uint64_t{row} * srcLast), srcLast, sizeof(T) * 8)}},
              {{Footprint::Contiguous(src.UbOffset(uint64_t{row} * srcLast), srcLast, sizeof(T) * 8)},
               {Footprint::Contiguous(mask.UbOffset(uint64_t{row} * maskLast), maskUsed, sizeof(M) * 8)}});
}

template <typename T, typename U>
void SelectWithBytesMask(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, T scalar,
                         bool scalarOnZero, const AscendC::LocalTensor<U>& mask,
                         const AscendC::LocalTensor<uint8_t>& tmp, const AscendC::SelectWithBytesMaskShapeInfo& info) {
    constexpr const char* kApi = "Select";
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(kApi, kFloatTypes<T>);
    static_assert(kOneOf<U, bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t>,
                  "Select: the mask is bool, int8_t, uint8_t, int16_t, uint16_t, int32_t or uint32_t");
    tmp.CheckLive(kApi);
    if (info.srcLastAxis * sizeof(T) % 32 != 0)
        Fail(kApi, Str("info.srcLastAxis ", info.srcLastAxis, " is not 32-byte aligned (Select.md)"));
    if (info.maskLastAxis * sizeof(U) % 32 != 0 || info.maskLastAxis % 16 != 0)
        Fail(kApi, Str("info.maskLastAxis ", info.maskLastAxis,
                       " must be 32-byte aligned and a multiple of 16 elements (Select.md)"));
    if (info.maskLastAxis < info.srcLastAxis)
        Fail(kApi, Str("info.maskLastAxis ", info.maskLastAxis, " is below srcLastAxis ", info.srcLastAxis));
    const uint64_t n = uint64_t{info.firstAxis} * info.srcLastAxis;
    T* d = dst.Operand(kApi, "dst", n);
    const T* s = src.Operand(kApi, "src", n);
    const U* m = mask.Operand(kApi, "mask", uint64_t{info.firstAxis} * info.maskLastAxis);
    for (uint32_t row = 0; row < info.firstAxis; ++row) {
        for (uint32_t j = 0; j < info.srcLastAxis; ++j) {
            const uint64_t at = uint64_t{row} * info.srcLastAxis + j;
            const bool zero = m[uint64_t{row} * info.maskLastAxis + j] == U(0);
            d[at] = zero == scalarOnZero ? scalar : s[at];
        }
        PropagateFilterRow(c, kApi, dst, src, mask, row, info.srcLastAxis, info.maskLastAxis, info.srcLastAxis);
    }
    CountVector(c, VecClass::kSimple, n, sizeof(T));
}

template <typename T, uint32_t dropOutMode>
void DropOutRows(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                 const AscendC::LocalTensor<uint8_t>& mask, const AscendC::LocalTensor<uint8_t>* tmp, float keepProb,
                 const AscendC::DropOutShapeInfo& info) {
    constexpr const char* kApi = "DropOut";
    static_assert(dropOutMode <= 4, "DropOut: dropOutMode should be 0 / 1 / 2 / 3 / 4");
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(kApi, kFloatTypes<T>);
    if (tmp != nullptr) tmp->CheckLive(kApi);
    if (!(keepProb > 0.0f && keepProb < 1.0f))  // dropout_impl.h's check
        Fail(kApi, Str("keepProb ", keepProb, " must lie in (0, 1)"));
    if (info.maskLastAxis == 0) Fail(kApi, "info.maskLastAxis is 0: must be greater than 0 (DropOut.md)");
    const uint32_t srcLast = info.srcLastAxis, maskLast = info.maskLastAxis;
    uint32_t mode = dropOutMode;
    if (mode == 0) mode = srcLast < maskLast ? 1 : srcLast == maskLast ? 2 : srcLast == maskLast * 8 ? 3 : 4;
    const bool bits = mode >= 3;
    const uint32_t maskUsed = bits ? (srcLast + 7) / 8 : srcLast;
    if (maskUsed > maskLast)
        Fail(kApi, Str("info.maskLastAxis ", maskLast, " holds fewer than the ", srcLast, " ", bits ? "bits" : "bytes",
                       " of a row of srcLastAxis"));
    const uint64_t n = uint64_t{info.firstAxis} * srcLast;
    T* d = dst.Operand(kApi, "dstLocal", n);
    const T* s = src.Operand(kApi, "srcLocal", n);
    const uint8_t* m = mask.Operand(kApi, "maskLocal", uint64_t{info.firstAxis} * maskLast);
    const float divValue = ToCompute(T(1.0f / keepProb));
    for (uint32_t row = 0; row < info.firstAxis; ++row) {
        const uint8_t* r = m + uint64_t{row} * maskLast;
        for (uint32_t j = 0; j < srcLast; ++j) {
            const bool kept = bits ? ((r[j / 8] >> (j % 8)) & 1) != 0 : r[j] != 0;
            const uint64_t at = uint64_t{row} * srcLast + j;
            d[at] = kept ? T(ToCompute(s[at]) * divValue) : T(0.0f);
        }
        PropagateFilterRow(c, kApi, dst, src, mask, row, srcLast, maskLast, maskUsed);
    }
    CountVector(c, VecClass::kSimple, 2 * n, sizeof(T));
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, typename U, bool isReuseMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, T src1, const LocalTensor<U>& mask,
                              const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info,
                              ascendc_sim::CallSite = {}) {
    ascendc_sim::SelectWithBytesMask(dst, src0, src1, false, mask, sharedTmpBuffer, info);
}
template <typename T, typename U, bool isReuseMask = true>
__aicore__ inline void Select(const LocalTensor<T>& dst, T src0, const LocalTensor<T>& src1, const LocalTensor<U>& mask,
                              const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info,
                              ascendc_sim::CallSite = {}) {
    ascendc_sim::SelectWithBytesMask(dst, src1, src0, true, mask, sharedTmpBuffer, info);
}

template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
__aicore__ inline void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                               const LocalTensor<uint8_t>& maskLocal, const LocalTensor<uint8_t>& sharedTmpBuffer,
                               const float keepProb, const DropOutShapeInfo& info, ascendc_sim::CallSite = {}) {
    ascendc_sim::DropOutRows<T, dropOutMode>(dstLocal, srcLocal, maskLocal, &sharedTmpBuffer, keepProb, info);
}
template <typename T, bool isInitBitMode = false, uint32_t dropOutMode = 0>
__aicore__ inline void DropOut(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                               const LocalTensor<uint8_t>& maskLocal, const float keepProb,
                               const DropOutShapeInfo& info, ascendc_sim::CallSite = {}) {
    ascendc_sim::DropOutRows<T, dropOutMode>(dstLocal, srcLocal, maskLocal, nullptr, keepProb, info);
}

}  // namespace AscendC
