// FusedSwigluGrad shape inference, b kernel: dg, dfc = dy's [M, N]; db_g, db_fc = [1, N].
// Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include "register/op_def_registry.h"

namespace ascendops::fused_swiglu_grad::npu {

ge::graphStatus InferShapeB(gert::InferShapeContext* context) {
    const gert::Shape* dy = context->GetInputShape(0);
    if (dy == nullptr || dy->GetDimNum() != 2) return ge::GRAPH_FAILED;
    for (size_t i = 0; i < 4; ++i) {
        gert::Shape* out = context->GetOutputShape(i);
        if (out == nullptr) return ge::GRAPH_FAILED;
        out->SetDimNum(2);
        out->SetDim(0, i < 2 ? dy->GetDim(0) : 1);
        out->SetDim(1, dy->GetDim(1));
    }
    return ge::GRAPH_SUCCESS;
}

}  // namespace ascendops::fused_swiglu_grad::npu
