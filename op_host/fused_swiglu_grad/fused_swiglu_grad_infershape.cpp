// FusedSwigluGrad shape inference, one function per kernel (shapes only; the tilings check them):
// b: dg, dfc = dy's [M, N]; db_g, db_fc = [1, N]. w: dw_g, dw_fc = [K, N] (x [M, K], dg [M, N]).
// x: dx = [M, K] (dg [M, N], w_g [K, N]).
// Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include <cstdint>
#include <optional>

#include "register/op_def_registry.h"

namespace ascendops::fused_swiglu_grad::npu {
namespace {

// A rank-2 input's dimension (passed on as it is, also an unknown one), or none when the input is missing or not
// rank 2.
std::optional<int64_t> Dim(gert::InferShapeContext* context, size_t input, size_t axis) {
    const gert::Shape* s = context->GetInputShape(input);
    if (s == nullptr || s->GetDimNum() != 2) return std::nullopt;
    return s->GetDim(axis);
}

// Sets outputs [first, last) to [rows, cols].
ge::graphStatus SetOutputs(gert::InferShapeContext* context, size_t first, size_t last, std::optional<int64_t> rows,
                           std::optional<int64_t> cols) {
    if (!rows || !cols) return ge::GRAPH_FAILED;
    for (size_t i = first; i < last; ++i) {
        gert::Shape* out = context->GetOutputShape(i);
        if (out == nullptr) return ge::GRAPH_FAILED;
        out->SetDimNum(2);
        out->SetDim(0, *rows);
        out->SetDim(1, *cols);
    }
    return ge::GRAPH_SUCCESS;
}

}  // namespace

ge::graphStatus InferShapeB(gert::InferShapeContext* context) {
    const std::optional<int64_t> m = Dim(context, 0, 0), n = Dim(context, 0, 1);  // dy
    if (SetOutputs(context, 0, 2, m, n) != ge::GRAPH_SUCCESS) return ge::GRAPH_FAILED;
    return SetOutputs(context, 2, 4, 1, n);
}

ge::graphStatus InferShapeW(gert::InferShapeContext* context) {
    return SetOutputs(context, 0, 2, Dim(context, 0, 1), Dim(context, 1, 1));  // K of x, N of dg
}

ge::graphStatus InferShapeX(gert::InferShapeContext* context) {
    return SetOutputs(context, 0, 1, Dim(context, 0, 0), Dim(context, 2, 0));  // M of dg, K of w_g
}

// Every output is BF16, as every input (one data type per kernel): each follows input 0.
ge::graphStatus InferDataType(gert::InferDataTypeContext* context) {
    for (size_t i = 0; i < context->GetComputeNodeOutputNum(); ++i) {
        if (context->SetOutputDataType(i, context->GetInputDataType(0)) != ge::GRAPH_SUCCESS) return ge::GRAPH_FAILED;
    }
    return ge::GRAPH_SUCCESS;
}

}  // namespace ascendops::fused_swiglu_grad::npu
