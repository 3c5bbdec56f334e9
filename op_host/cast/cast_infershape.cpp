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

// y has the data type dst_type names (its number is the ge::DataType's, as aclDataType's).
ge::graphStatus InferDataType(gert::InferDataTypeContext* context) {
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const int64_t* dst = attrs != nullptr ? attrs->GetInt(0) : nullptr;
    if (dst == nullptr) return ge::GRAPH_FAILED;
    return context->SetOutputDataType(0, static_cast<ge::DataType>(*dst));
}

}  // namespace ascendops::cast::npu
