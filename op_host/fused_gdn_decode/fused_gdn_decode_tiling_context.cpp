// FusedGdnDecode tiling adapter: gert::TilingContext -> ComputeTiling (fused_gdn_decode_tiling.cpp) -> key,
// blockDim, tiling data, workspace. Compiled only with the CANN toolkit; not built or run in this repository's CI.
#include <string>
#include <vector>

#include "op_host/common/tiling_context_util.h"
#include "op_host/fused_gdn_decode/fused_gdn_decode_tiling.h"

namespace ascendops::fused_gdn_decode::npu {

using namespace ascendops::npu;  // FailTiling, PlatformOf, InputType, OutputType, ApplyTiling

namespace {

std::vector<int64_t> Dims(const gert::StorageShape* shape) {
    std::vector<int64_t> dims;
    if (shape == nullptr) return dims;
    const gert::Shape& s = shape->GetStorageShape();
    for (size_t i = 0; i < s.GetDimNum(); ++i) dims.push_back(s.GetDim(i));
    return dims;
}

}  // namespace

ge::graphStatus Tiling(gert::TilingContext* context) {
    auto platform = PlatformOf(context);
    if (!platform) return FailTiling("FusedGdnDecode", platform.error().message);
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
    in.outType = OutputType(context, 0);
    if (scale != nullptr) in.scale = *scale;
    if (threshold != nullptr) in.softplusThreshold = *threshold;
    auto tiling = ComputeTiling(in, *platform);
    if (!tiling) return FailTiling("FusedGdnDecode", tiling.error().message);

    return ApplyTiling("FusedGdnDecode", context, *tiling);
}

}  // namespace ascendops::fused_gdn_decode::npu
