// Compound element-wise instructions of the basic API, count form: AddRelu, SubRelu, LeakyRelu, FusedMulAdd,
// FusedMulAddRelu (基础算术 / 复合计算 docs: dst = relu(src0 + src1), relu(src0 - src1), src >= 0 ? src : src * alpha,
// src0 * dst + src1, relu(src0 * dst + src1)). Computed in float for half, rounded once.
#pragma once
#include <cstdint>

#include "sim/vector_core.h"

namespace ascendc_sim {

template <typename C>
inline C ReluOf(C v) {
    return v > C(0) ? v : C(0);
}

// dst[i] = f(src0[i], src1[i], dst[i]).
template <typename T, typename F>
void TernaryLoop(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                 const AscendC::LocalTensor<T>& src1, int64_t count, F f) {
    CoreContext& c = Core();
    Poll(c);
    RequireType<T>(api, kFloatTypes<T>);
    RequireCount(api, count);
    T* d = dst.Operand(api, "dst", count);
    const T* a = src0.Operand(api, "src0", count);
    const T* b = src1.Operand(api, "src1", count);
    for (int64_t i = 0; i < count; ++i) d[i] = FromCompute<T>(f(ToCompute(a[i]), ToCompute(b[i]), ToCompute(d[i])));
    Propagate(c, api, Flow::kElementwise, {CountOperand(dst, count)},
              {CountOperand(src0, count), CountOperand(src1, count), CountOperand(dst, count)});
    CountVector(c, VecClass::kSimple, count, sizeof(T));
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, bool isSetMask = true>
__aicore__ inline void AddRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                               const int32_t& count, ascendc_sim::CallSite = {}) {
    using C = ascendc_sim::ComputeType<T>;
    ascendc_sim::RequireType<T>("AddRelu", ascendc_sim::kOneOf<T, half, float, int16_t>);
    ascendc_sim::BinaryLoop("AddRelu", ascendc_sim::VecClass::kSimple, dst, src0, src1, count,
                            [](C a, C b) { return ascendc_sim::ReluOf<C>(ascendc_sim::WrapAdd(a, b)); });
}
template <typename T, bool isSetMask = true>
__aicore__ inline void SubRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                               const int32_t& count, ascendc_sim::CallSite = {}) {
    using C = ascendc_sim::ComputeType<T>;
    ascendc_sim::RequireType<T>("SubRelu", ascendc_sim::kOneOf<T, half, float, int16_t>);
    ascendc_sim::BinaryLoop("SubRelu", ascendc_sim::VecClass::kSimple, dst, src0, src1, count,
                            [](C a, C b) { return ascendc_sim::ReluOf<C>(ascendc_sim::WrapSub(a, b)); });
}
template <typename T, bool isSetMask = true>
__aicore__ inline void LeakyRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                 const ascendc_sim::ScalarOf<T>& scalarValue, const int32_t& count,
                                 ascendc_sim::CallSite = {}) {
    ascendc_sim::RequireType<T>("LeakyRelu", ascendc_sim::kFloatTypes<T>);
    const float alpha = static_cast<float>(scalarValue);
    ascendc_sim::UnaryLoop("LeakyRelu", ascendc_sim::VecClass::kSimple, dst, src, count,
                           [alpha](float a) { return a >= 0.0f ? a : a * alpha; });
}
template <typename T, bool isSetMask = true>
__aicore__ inline void FusedMulAdd(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                                   const int32_t& count, ascendc_sim::CallSite = {}) {
    ascendc_sim::TernaryLoop("FusedMulAdd", dst, src0, src1, count,
                             [](float a, float b, float d) { return a * d + b; });
}
template <typename T, bool isSetMask = true>
__aicore__ inline void FusedMulAddRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                                       const LocalTensor<T>& src1, const int32_t& count, ascendc_sim::CallSite = {}) {
    ascendc_sim::TernaryLoop("FusedMulAddRelu", dst, src0, src1, count,
                             [](float a, float b, float d) { return ascendc_sim::ReluOf(a * d + b); });
}

}  // namespace AscendC
