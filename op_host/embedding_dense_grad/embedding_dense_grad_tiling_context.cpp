// EmbeddingDenseGrad tiling adapter: gert::TilingContext -> ComputeTiling (embedding_dense_grad_tiling.cpp) -> key,
// blockDim, tiling data, workspace. Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include <string>

#include "op_host/common/tiling_context_util.h"
#include "op_host/embedding_dense_grad/embedding_dense_grad_tiling.h"

namespace ascendops::embedding_dense_grad::npu {

using namespace ascendops::npu;  // FailTiling, PlatformOf, InputType, OutputType, ApplyTiling

ge::graphStatus Tiling(gert::TilingContext* context) {
    auto platform = PlatformOf(context);
    if (!platform) return FailTiling("EmbeddingDenseGrad", platform.error().message);
    const gert::StorageShape* grad = context->GetInputShape(0);
    const gert::StorageShape* indices = context->GetInputShape(1);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    if (grad == nullptr || indices == nullptr || attrs == nullptr)
        return FailTiling("EmbeddingDenseGrad", "missing input shape or attributes");
    const int64_t* numWeights = attrs->GetAttrPointer<int64_t>(0);
    const int64_t* paddingIdx = attrs->GetAttrPointer<int64_t>(1);
    const bool* scale = attrs->GetAttrPointer<bool>(2);
    if (numWeights == nullptr) return FailTiling("EmbeddingDenseGrad", "attribute num_weights is missing");

    TilingInput in;
    const gert::Shape& g = grad->GetStorageShape();
    for (size_t i = 0; i < g.GetDimNum(); ++i) in.gradShape.push_back(g.GetDim(i));
    in.gradDtype = InputType(context, 0);
    in.indicesNumel = indices->GetStorageShape().GetShapeSize();
    in.indicesDtype = InputType(context, 1);
    in.outDtype = OutputType(context, 0);
    in.numWeights = *numWeights;
    in.paddingIdx = paddingIdx != nullptr ? *paddingIdx : -1;
    in.scaleGradByFreq = scale != nullptr && *scale;
    auto tiling = ComputeTiling(in, *platform);
    if (!tiling) return FailTiling("EmbeddingDenseGrad", tiling.error().message);

    // out has InitValue(0) in the OpDef; the docs pair it with SetNeedAtomic(true) (OpParamDef/InitValue.md).
    if (context->SetNeedAtomic(true) != ge::GRAPH_SUCCESS) return FailTiling("EmbeddingDenseGrad", "SetNeedAtomic");
    return ApplyTiling("EmbeddingDenseGrad", context, *tiling);
}

}  // namespace ascendops::embedding_dense_grad::npu
