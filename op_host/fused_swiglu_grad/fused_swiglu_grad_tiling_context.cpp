// FusedSwigluGrad tiling adapter, b kernel: gert::TilingContext -> ComputeBTiling (fused_swiglu_grad_tiling.cpp) ->
// key, blockDim, tiling data, workspace. Compiled only with the CANN toolkit; not built or run in this repository's
// CI.
#include "op_host/common/tiling_context_util.h"
#include "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h"

namespace ascendops::fused_swiglu_grad::npu {

using namespace ascendops::npu;  // FailTiling, PlatformOf, InputType, ApplyTiling, kBatchScheduleMode

ge::graphStatus TilingB(gert::TilingContext* context) {
    auto platform = PlatformOf(context);
    if (!platform) return FailTiling("AscendopsFusedSwigluGradB", platform.error().message);
    BTilingInput in;
    for (size_t i = 0; i < 3; ++i) {
        const gert::StorageShape* shape = context->GetInputShape(i);
        if (shape == nullptr) return FailTiling("AscendopsFusedSwigluGradB", "missing input shape");
        const gert::Shape& s = shape->GetStorageShape();
        for (size_t d = 0; d < s.GetDimNum(); ++d) in.shapes[i].push_back(s.GetDim(d));
        in.dtypes[i] = InputType(context, i);
    }
    auto tiling = ComputeBTiling(in, *platform);
    if (!tiling) return FailTiling("AscendopsFusedSwigluGradB", tiling.error().message);
    // The kernel's SyncAll needs all its cores scheduled together (SyncAll.md: batch mode).
    if (context->SetScheduleMode(kBatchScheduleMode) != ge::GRAPH_SUCCESS) {
        return FailTiling("AscendopsFusedSwigluGradB", "SetScheduleMode");
    }
    return ApplyTiling("AscendopsFusedSwigluGradB", context, *tiling);
}

}  // namespace ascendops::fused_swiglu_grad::npu
