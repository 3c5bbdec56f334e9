// Split shape inference: y[i] has x's shape with shape[dim] = split_sections[i].
// Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include <cstdint>

#include "register/op_def_registry.h"

namespace ascendops::split::npu {

ge::graphStatus InferShape(gert::InferShapeContext* context) {
    const gert::Shape* x = context->GetInputShape(0);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    if (x == nullptr || attrs == nullptr) return ge::GRAPH_FAILED;
    const auto* sections = attrs->GetListInt(0);  // TypedContinuousVector<int64_t> (runtime_attrs.h)
    const int64_t* dimAttr = attrs->GetInt(1);
    if (sections == nullptr) return ge::GRAPH_FAILED;
    const auto rank = static_cast<int64_t>(x->GetDimNum());
    const int64_t dim = dimAttr != nullptr ? *dimAttr : 0;
    if (rank == 0 || dim < -rank || dim >= rank) return ge::GRAPH_FAILED;
    const auto axis = static_cast<size_t>(dim < 0 ? dim + rank : dim);
    const auto* lengths = static_cast<const int64_t*>(sections->GetData());
    for (size_t i = 0; i < sections->GetSize(); ++i) {
        gert::Shape* y = context->GetOutputShape(i);
        if (y == nullptr) return ge::GRAPH_FAILED;
        *y = *x;
        y->SetDim(axis, lengths[i]);
    }
    return ge::GRAPH_SUCCESS;
}

// Every piece y[i] has x's data type.
ge::graphStatus InferDataType(gert::InferDataTypeContext* context) {
    for (size_t i = 0; i < context->GetComputeNodeOutputNum(); ++i) {
        if (context->SetOutputDataType(i, context->GetInputDataType(0)) != ge::GRAPH_SUCCESS) return ge::GRAPH_FAILED;
    }
    return ge::GRAPH_SUCCESS;
}

}  // namespace ascendops::split::npu
