// `dst = src0 + src1` and kin on LocalTensors: the binary instruction over dst's elements (CANN's symbol overrides,
// kernel_operator_symbol_override_impl.h: count = dst.GetSize()).
#pragma once
#include <cstdint>

#include "sim/tensor.h"
#include "sim/vector_ops.h"

namespace ascendc_sim {

enum class TensorOp : uint8_t { kAdd, kSub, kMul, kDiv, kOr, kAnd };

template <typename T, TensorOp op>
struct TensorExpr {
    using IsTensorExpr = void;
    AscendC::LocalTensor<T> src0;
    AscendC::LocalTensor<T> src1;

    void Process(const AscendC::LocalTensor<T>& dst) const {
        const int32_t count = static_cast<int32_t>(dst.GetSize());
        if constexpr (op == TensorOp::kAdd) AscendC::Add(dst, src0, src1, count);
        if constexpr (op == TensorOp::kSub) AscendC::Sub(dst, src0, src1, count);
        if constexpr (op == TensorOp::kMul) AscendC::Mul(dst, src0, src1, count);
        if constexpr (op == TensorOp::kDiv) AscendC::Div(dst, src0, src1, count);
        if constexpr (op == TensorOp::kOr) AscendC::Or(dst, src0, src1, count);
        if constexpr (op == TensorOp::kAnd) AscendC::And(dst, src0, src1, count);
    }
};

}  // namespace ascendc_sim

namespace AscendC {

#define ASCENDC_SIM_TENSOR_OPERATOR(sym, op)                                                                        \
    template <typename T>                                                                                           \
    __aicore__ inline ascendc_sim::TensorExpr<T, ascendc_sim::TensorOp::op> operator sym(const LocalTensor<T>& a,   \
                                                                                         const LocalTensor<T>& b) { \
        return {a, b};                                                                                              \
    }
ASCENDC_SIM_TENSOR_OPERATOR(+, kAdd)
ASCENDC_SIM_TENSOR_OPERATOR(-, kSub)
ASCENDC_SIM_TENSOR_OPERATOR(*, kMul)
ASCENDC_SIM_TENSOR_OPERATOR(/, kDiv)
ASCENDC_SIM_TENSOR_OPERATOR(|, kOr)
ASCENDC_SIM_TENSOR_OPERATOR(&, kAnd)
#undef ASCENDC_SIM_TENSOR_OPERATOR

}  // namespace AscendC
