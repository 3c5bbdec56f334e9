// Cast tiling adapter: gert::TilingContext -> ComputeTiling (cast_tiling.cpp) -> key, blockDim, tiling data,
// workspace. Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include <cstdio>
#include <cstring>
#include <string>

#include "op_host/cast/cast_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace ascendops::cast::npu {
namespace {

ge::graphStatus Fail(const std::string& message) {
    std::fprintf(stderr, "[ascendops] Cast tiling: %s\n", message.c_str());
    return ge::GRAPH_FAILED;
}

// The SoC table row of the device the framework tiles for, with its AIV core count.
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
    const gert::StorageShape* x = context->GetInputShape(0);
    if (x == nullptr) return Fail("input x has no shape");
    // ge::DataType numbers equal aclDataType's, which DataType mirrors (op_host/common/dtype.h).
    TilingInput in{static_cast<uint64_t>(x->GetStorageShape().GetShapeSize()),
                   static_cast<DataType>(context->GetInputDesc(0)->GetDataType()),
                   static_cast<DataType>(context->GetOutputDesc(0)->GetDataType())};
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

}  // namespace ascendops::cast::npu
