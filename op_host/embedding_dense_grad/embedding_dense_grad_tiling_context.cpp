// EmbeddingDenseGrad tiling adapter: gert::TilingContext -> ComputeTiling (embedding_dense_grad_tiling.cpp) -> key,
// blockDim, tiling data, workspace. Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include <cstdio>
#include <cstring>
#include <string>

#include "op_host/embedding_dense_grad/embedding_dense_grad_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace ascendops::embedding_dense_grad::npu {
namespace {

ge::graphStatus Fail(const std::string& message) {
    std::fprintf(stderr, "[ascendops] EmbeddingDenseGrad tiling: %s\n", message.c_str());
    return ge::GRAPH_FAILED;
}

// The SoC table row of the device the framework tiles for, with its AIV core count (0: the row's default).
Result<Platform> PlatformOf(gert::TilingContext* context) {
    const auto ascendc = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    switch (ascendc.GetSocVersion()) {
        case platform_ascendc::SocVersion::ASCEND310P:
            return Platform::Of(SocVersion::kAscend310P, ascendc.GetCoreNumAiv());
        case platform_ascendc::SocVersion::ASCEND910B:
            return Platform::Of(SocVersion::kAscend910B, ascendc.GetCoreNumAiv());
        case platform_ascendc::SocVersion::ASCEND910_93:
            return Platform::Of(SocVersion::kAscend910_93, ascendc.GetCoreNumAiv());
        default:
            return InvalidParam("this SoC is none of ascend310p, ascend910b, ascend910_93");
    }
}

}  // namespace

ge::graphStatus Tiling(gert::TilingContext* context) {
    auto platform = PlatformOf(context);
    if (!platform) return Fail(platform.error().message);
    const gert::StorageShape* grad = context->GetInputShape(0);
    const gert::StorageShape* indices = context->GetInputShape(1);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    if (grad == nullptr || indices == nullptr || attrs == nullptr) return Fail("missing input shape or attributes");
    const int64_t* numWeights = attrs->GetAttrPointer<int64_t>(0);
    const int64_t* paddingIdx = attrs->GetAttrPointer<int64_t>(1);
    const bool* scale = attrs->GetAttrPointer<bool>(2);
    if (numWeights == nullptr) return Fail("attribute num_weights is missing");

    TilingInput in;
    const gert::Shape& g = grad->GetStorageShape();
    for (size_t i = 0; i < g.GetDimNum(); ++i) in.gradShape.push_back(g.GetDim(i));
    // ge::DataType numbers equal aclDataType's, which DataType mirrors (op_host/common/dtype.h).
    in.gradDtype = static_cast<DataType>(context->GetInputDesc(0)->GetDataType());
    in.indicesNumel = indices->GetStorageShape().GetShapeSize();
    in.indicesDtype = static_cast<DataType>(context->GetInputDesc(1)->GetDataType());
    in.outDtype = static_cast<DataType>(context->GetOutputDesc(0)->GetDataType());
    in.numWeights = *numWeights;
    in.paddingIdx = paddingIdx != nullptr ? *paddingIdx : -1;
    in.scaleGradByFreq = scale != nullptr && *scale;
    auto tiling = ComputeTiling(in, *platform);
    if (!tiling) return Fail(tiling.error().message);

    gert::TilingData* raw = context->GetRawTilingData();
    if (raw->GetCapacity() < sizeof(tiling->data)) return Fail("the tiling data does not fit the framework buffer");
    std::memcpy(raw->GetData(), &tiling->data, sizeof(tiling->data));
    raw->SetDataSize(sizeof(tiling->data));
    context->SetTilingKey(tiling->tilingKey);
    context->SetBlockDim(tiling->blockDim);
    context->GetWorkspaceSizes(1)[0] = tiling->workspaceBytes;  // system reserve + sync slot + counts
    return ge::GRAPH_SUCCESS;
}

}  // namespace ascendops::embedding_dense_grad::npu
