// EmbeddingDenseGrad shape inference: out = [num_weights, D], D = the last dim of grad.
// Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include "op_host/common/op_def_util.h"
#include "register/op_def_registry.h"

namespace ascendops::embedding_dense_grad::npu {

ge::graphStatus InferShape(gert::InferShapeContext* context) {
    const gert::Shape* grad = context->GetInputShape(0);
    gert::Shape* out = context->GetOutputShape(0);
    const int64_t* numWeights = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    if (grad == nullptr || out == nullptr || numWeights == nullptr || grad->GetDimNum() == 0) {
        return ge::GRAPH_FAILED;
    }
    out->SetDimNum(2);
    out->SetDim(0, *numWeights);
    out->SetDim(1, grad->GetDim(grad->GetDimNum() - 1));
    return ge::GRAPH_SUCCESS;
}

// out follows grad.
ge::graphStatus InferDataType(gert::InferDataTypeContext* context) {
    return ascendops::npu::OutputsFollowInputs(context, {{0, 0}});
}

}  // namespace ascendops::embedding_dense_grad::npu
