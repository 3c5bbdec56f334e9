// FusedSwigluGrad tiling adapters, one per kernel: gert::TilingContext -> the pure tilings the twin uses
// (ComputeBTiling, ComputeWTiling, ComputeXTiling) -> key, blockDim, tiling data, workspace. The w and x kernels'
// cube tiling comes from CANN's own matmul_tiling API here (CannMatmulTiling, with the same calls the twin's tiling
// makes: the result's cubeCall). Compiled only with the CANN toolkit (ASCENDOPS_WITH_CANN); not built or run in this
// repository's CI.
#include <string>
#include <vector>

#include "op_host/common/cann_matmul_tiling.h"
#include "op_host/common/tiling_context_util.h"
#include "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h"

namespace ascendops::fused_swiglu_grad::npu {

using namespace ascendops::npu;  // FailTiling, PlatformOf, InputType, ApplyTiling, kBatchScheduleMode

namespace {

// The storage shapes and dtypes of the context's first kCount inputs; false when one is missing.
template <size_t kCount>
bool ReadInputs(gert::TilingContext* context, std::vector<int64_t> (&shapes)[kCount], DataType (&dtypes)[kCount]) {
    for (size_t i = 0; i < kCount; ++i) {
        const gert::StorageShape* shape = context->GetInputShape(i);
        if (shape == nullptr || context->GetInputDesc(i) == nullptr) return false;
        const gert::Shape& s = shape->GetStorageShape();
        for (size_t d = 0; d < s.GetDimNum(); ++d) shapes[i].push_back(s.GetDim(d));
        dtypes[i] = InputType(context, i);
    }
    return true;
}

// A w or x tiling: CANN's cube tiling of one block into the data, then the framework's fields.
template <typename Data>
ge::graphStatus ApplyCube(const char* op, gert::TilingContext* context, const Result<SgTilingResult<Data>>& computed) {
    if (!computed) return FailTiling(op, computed.error().message);
    SgTilingResult<Data> tiling = *computed;
    if (tiling.blockDim == 0) {  // the op_api composition never launches M = 0 (aclnn_fused_swiglu_grad.h)
        return FailTiling(op, "M = 0 has nothing to launch: the caller zeroes dw_g / dw_fc (dx is empty)");
    }
    const MatmulTilingCall& c = tiling.cubeCall;
    if (CannMatmulTiling(context->GetPlatformInfo(), c, tiling.data.cube) == -1) {
        return FailTiling(op, "matmul_tiling GetTiling failed for the block m " + std::to_string(c.m) + ", n " +
                                  std::to_string(c.n) + ", k " + std::to_string(c.k));
    }
    return ApplyTiling(op, context, tiling);
}

}  // namespace

ge::graphStatus TilingB(gert::TilingContext* context) {
    constexpr const char* kOp = "AscendopsFusedSwigluGradB";
    auto platform = PlatformOf(context);
    if (!platform) return FailTiling(kOp, platform.error().message);
    BTilingInput in;
    if (!ReadInputs(context, in.shapes, in.dtypes)) return FailTiling(kOp, "missing input shape");
    auto tiling = ComputeBTiling(in, *platform);
    if (!tiling) return FailTiling(kOp, tiling.error().message);
    // The kernel's SyncAll needs all its cores scheduled together (SyncAll.md: batch mode).
    if (context->SetScheduleMode(kBatchScheduleMode) != ge::GRAPH_SUCCESS) return FailTiling(kOp, "SetScheduleMode");
    return ApplyTiling(kOp, context, *tiling);
}

ge::graphStatus TilingW(gert::TilingContext* context) {
    constexpr const char* kOp = "AscendopsFusedSwigluGradW";
    auto platform = PlatformOf(context);
    if (!platform) return FailTiling(kOp, platform.error().message);
    WTilingInput in;  // x, dg, dfc
    if (!ReadInputs(context, in.shapes, in.dtypes)) return FailTiling(kOp, "missing input shape");
    return ApplyCube(kOp, context, ComputeWTiling(in, *platform));
}

ge::graphStatus TilingX(gert::TilingContext* context) {
    constexpr const char* kOp = "AscendopsFusedSwigluGradX";
    auto platform = PlatformOf(context);
    if (!platform) return FailTiling(kOp, platform.error().message);
    XTilingInput in;  // dg, dfc, w_g, w_fc
    if (!ReadInputs(context, in.shapes, in.dtypes)) return FailTiling(kOp, "missing input shape");
    return ApplyCube(kOp, context, ComputeXTiling(in, *platform));
}

}  // namespace ascendops::fused_swiglu_grad::npu
