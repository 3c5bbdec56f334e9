// FusedGdnDecode tiling adapter: gert::TilingContext -> ComputeTiling (fused_gdn_decode_tiling.cpp) -> key,
// blockDim, tiling data, workspace. Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "op_host/fused_gdn_decode/fused_gdn_decode_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace ascendops::fused_gdn_decode::npu {
namespace {

ge::graphStatus Fail(const std::string& message) {
    std::fprintf(stderr, "[ascendops] FusedGdnDecode tiling: %s\n", message.c_str());
    return ge::GRAPH_FAILED;
}

// The SoC table row of the device the framework tiles for, with its AIV core count (ComputeTiling rejects 310P).
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

std::vector<int64_t> Dims(const gert::StorageShape* shape) {
    std::vector<int64_t> dims;
    if (shape == nullptr) return dims;
    const gert::Shape& s = shape->GetStorageShape();
    for (size_t i = 0; i < s.GetDimNum(); ++i) dims.push_back(s.GetDim(i));
    return dims;
}

// ge::DataType numbers equal aclDataType's, which DataType mirrors (op_host/common/dtype.h).
DataType InputType(gert::TilingContext* context, size_t i) {
    return static_cast<DataType>(context->GetInputDesc(i)->GetDataType());
}

}  // namespace

ge::graphStatus Tiling(gert::TilingContext* context) {
    auto platform = PlatformOf(context);
    if (!platform) return Fail(platform.error().message);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const float* scale = attrs != nullptr ? attrs->GetAttrPointer<float>(0) : nullptr;
    const float* threshold = attrs != nullptr ? attrs->GetAttrPointer<float>(1) : nullptr;

    TilingInput in;
    in.mixedQkvShape = Dims(context->GetInputShape(0));
    in.aShape = Dims(context->GetInputShape(1));
    in.bShape = Dims(context->GetInputShape(2));
    in.aLogShape = Dims(context->GetInputShape(3));
    in.dtBiasShape = Dims(context->GetInputShape(4));
    in.stateShape = Dims(context->GetInputShape(5));
    in.indicesShape = Dims(context->GetInputShape(6));
    in.outShape = Dims(context->GetOutputShape(0));
    in.mixedQkvType = InputType(context, 0);
    in.aType = InputType(context, 1);
    in.bType = InputType(context, 2);
    in.aLogType = InputType(context, 3);
    in.dtBiasType = InputType(context, 4);
    in.stateType = InputType(context, 5);
    in.indicesType = InputType(context, 6);
    in.outType = static_cast<DataType>(context->GetOutputDesc(0)->GetDataType());
    if (scale != nullptr) in.scale = *scale;
    if (threshold != nullptr) in.softplusThreshold = *threshold;
    auto tiling = ComputeTiling(in, *platform);
    if (!tiling) return Fail(tiling.error().message);

    gert::TilingData* raw = context->GetRawTilingData();
    if (raw->GetCapacity() < sizeof(tiling->data)) return Fail("the tiling data does not fit the framework buffer");
    std::memcpy(raw->GetData(), &tiling->data, sizeof(tiling->data));
    raw->SetDataSize(sizeof(tiling->data));
    context->SetTilingKey(tiling->tilingKey);
    context->SetBlockDim(tiling->blockDim);
    context->GetWorkspaceSizes(1)[0] = tiling->workspaceBytes;
    return ge::GRAPH_SUCCESS;
}

}  // namespace ascendops::fused_gdn_decode::npu
