// Cast shape inference: y has the shape of x.
// Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include "register/op_def_registry.h"

namespace ascendops::cast::npu {

ge::graphStatus InferShape(gert::InferShapeContext* context) {
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    if (x == nullptr || y == nullptr) return ge::GRAPH_FAILED;
    *y = *x;
    return ge::GRAPH_SUCCESS;
}

}  // namespace ascendops::cast::npu
