// FusedGdnDecode shape inference: out = (B, 1, Hv, V) with B from mixed_qkv, Hv from a, V from state; the state
// output (in place) keeps the state input's shape.
// Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include "op_host/common/op_def_util.h"
#include "register/op_def_registry.h"

namespace ascendops::fused_gdn_decode::npu {

ge::graphStatus InferShape(gert::InferShapeContext* context) {
    const gert::Shape* mixed = context->GetInputShape(0);  // (B, 2*H*K + Hv*V)
    const gert::Shape* a = context->GetInputShape(1);      // (B, Hv)
    const gert::Shape* state = context->GetInputShape(5);  // (BlockNum, Hv, V, K)
    gert::Shape* out = context->GetOutputShape(0);
    if (mixed == nullptr || a == nullptr || state == nullptr || out == nullptr || mixed->GetDimNum() != 2 ||
        a->GetDimNum() != 2 || state->GetDimNum() != 4) {
        return ge::GRAPH_FAILED;
    }
    out->SetDimNum(4);
    out->SetDim(0, mixed->GetDim(0));
    out->SetDim(1, 1);
    out->SetDim(2, a->GetDim(1));
    out->SetDim(3, state->GetDim(2));
    gert::Shape* stateOut = context->GetOutputShape(1);  // the in-place state: its input's shape
    if (stateOut == nullptr) return ge::GRAPH_FAILED;
    *stateOut = *state;
    return ge::GRAPH_SUCCESS;
}

// out follows mixed_qkv (input 0), the ref output state follows the state input (input 5).
ge::graphStatus InferDataType(gert::InferDataTypeContext* context) {
    return ascendops::npu::OutputsFollowInputs(context, {{0, 0}, {1, 5}});
}

}  // namespace ascendops::fused_gdn_decode::npu
