// aclnnAscendopsFusedSwigluGradW / X: the two cube kernels of FusedSwigluGrad (MIX AIC:AIV 1:2) on the twin.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "aclnn_fused_swiglu_grad.h"
#include "common/aclnn_context.h"
#include "common/kernel_launch.h"
#include "common/tensor_util.h"
#include "fused_swiglu_grad_common.h"
#include "fused_swiglu_grad_kernels.h"
#include "op_host/common/tiling_util.h"
#include "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h"

namespace ascendops::fused_swiglu_grad {

namespace {

constexpr uint32_t kAivPerAic = 2;  // KERNEL_TYPE_MIX_AIC_1_2 in both kernels' entries

template <size_t N>
std::array<TensorView, N> Views(const std::vector<TensorView>& all, size_t first) {
    std::array<TensorView, N> out;
    for (size_t i = 0; i < N; ++i) out[i] = all[first + i];
    return out;
}

// Outputs BF16, contiguous, of the given shape.
std::optional<Error> CheckOutput(const TensorView& o, const std::vector<int64_t>& shape) {
    if (auto e = CheckDtype(o, DataType::kBf16)) return e;
    if (o.shape != shape) {
        return InvalidParam(o.name + " shape " + ShapeString(o.shape) + " must be " + ShapeString(shape));
    }
    return CheckContiguous(o);
}

}  // namespace

Result<StagedInputs> StageInputs(const std::vector<TensorView>& in, uint64_t kernelWorkspace) {
    StagedInputs s;
    s.total = kernelWorkspace;
    for (const TensorView& t : in) {
        s.offsets.push_back(std::nullopt);
        if (t.IsContiguous()) continue;
        s.offsets.back() = s.total;
        s.total += AlignUp(t.Numel() * DataTypeSize(t.dtype), kBlockBytes);
    }
    return s;
}

std::vector<uint8_t*> StagedInputs::Addresses(const std::vector<TensorView>& in, uint8_t* workspace) const {
    std::vector<uint8_t*> out;
    for (size_t i = 0; i < in.size(); ++i) {
        out.push_back(in[i].ElementAddress());
        if (offsets[i]) CopyToContiguous(in[i], out.back() = workspace + *offsets[i]);
    }
    return out;
}

aclnnStatus BuildW(const std::vector<TensorView>& args, uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr) return Fail(NullPointer("workspaceSize is null"));
    if (executor == nullptr) return Fail(NullPointer("executor is null"));
    const auto in = Views<3>(args, 0);  // x, dg, dfc
    const auto out = Views<2>(args, 3);
    WTilingInput ti;
    for (int i = 0; i < 3; ++i) ti.shapes[i] = in[i].shape, ti.dtypes[i] = in[i].dtype;
    auto tiling = ComputeWTiling(ti, CurrentPlatform());
    if (!tiling) return Fail(tiling.error());
    const FusedSwigluGradWTilingData td = tiling->data;
    const std::vector<int64_t> dwShape{in[0].shape[1], in[1].shape[1]};
    for (const TensorView& o : out) {
        if (auto e = CheckOutput(o, dwShape)) return Fail(*e);
    }
    auto exec = std::make_unique<OpExecutor>();
    exec->op = "FusedSwigluGradW";
    const uint64_t dwBytes = uint64_t{td.k} * td.n * sizeof(uint16_t);
    if (td.rows == 0) {  // M = 0: dw = x^T dg over no rows is zero; nothing to launch
        exec->run = [out, dwBytes](void*, uint64_t, aclrtStream) -> Result<LaunchReport> {
            for (const TensorView& o : out) aclrtMemset(o.ElementAddress(), dwBytes, 0, dwBytes);
            return LaunchReport{};
        };
        *workspaceSize = 0;
        *executor = ToHandle(exec.release());
        return 0;
    }
    const std::vector<TensorView> inputs(in.begin(), in.end());
    auto staged = StageInputs(inputs, tiling->workspaceBytes);
    if (!staged) return Fail(staged.error());
    const uint64_t inBytes = (uint64_t{td.rows} * td.k + 2ull * td.rows * td.n) * sizeof(uint16_t);
    KernelLaunch launch{"fused_swiglu_grad_w", tiling->blockDim, tiling->tilingKey, inBytes + 2 * dwBytes, kAivPerAic};
    for (const TensorView& o : out) AddOutput(launch, o);
    exec->workspaceSize = staged->total;
    exec->run = [launch, td, inputs, out, s = *staged](void* ws, uint64_t, aclrtStream stream) {
        auto* base = static_cast<uint8_t*>(ws);
        const std::vector<uint8_t*> a = s.Addresses(inputs, base);
        return LaunchKernel(stream, launch, &fused_swiglu_grad_w_default, td, a[0], a[1], a[2], out[0].ElementAddress(),
                            out[1].ElementAddress(), base);
    };
    *workspaceSize = exec->workspaceSize;
    *executor = ToHandle(exec.release());
    return 0;
}

aclnnStatus BuildX(const std::vector<TensorView>& args, uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr) return Fail(NullPointer("workspaceSize is null"));
    if (executor == nullptr) return Fail(NullPointer("executor is null"));
    const auto in = Views<4>(args, 0);  // dg, dfc, w_g, w_fc
    const TensorView dx = args[4];
    XTilingInput ti;
    for (int i = 0; i < 4; ++i) ti.shapes[i] = in[i].shape, ti.dtypes[i] = in[i].dtype;
    auto tiling = ComputeXTiling(ti, CurrentPlatform());
    if (!tiling) return Fail(tiling.error());
    const FusedSwigluGradXTilingData td = tiling->data;
    if (auto e = CheckOutput(dx, {in[0].shape[0], in[2].shape[0]})) return Fail(*e);
    auto exec = std::make_unique<OpExecutor>();
    exec->op = "FusedSwigluGradX";
    if (td.rows == 0) {  // M = 0: dx is empty; nothing to launch
        *workspaceSize = 0;
        *executor = ToHandle(exec.release());
        return 0;
    }
    const std::vector<TensorView> inputs(in.begin(), in.end());
    auto staged = StageInputs(inputs, tiling->workspaceBytes);
    if (!staged) return Fail(staged.error());
    const uint64_t inBytes = 2ull * (uint64_t{td.rows} + td.k) * td.n * sizeof(uint16_t);
    const uint64_t dxBytes = uint64_t{td.rows} * td.k * sizeof(uint16_t);
    KernelLaunch launch{"fused_swiglu_grad_x", tiling->blockDim, tiling->tilingKey, inBytes + dxBytes, kAivPerAic};
    AddOutput(launch, dx);
    exec->workspaceSize = staged->total;
    exec->run = [launch, td, inputs, dx, s = *staged](void* ws, uint64_t, aclrtStream stream) {
        auto* base = static_cast<uint8_t*>(ws);
        const std::vector<uint8_t*> a = s.Addresses(inputs, base);
        return LaunchKernel(stream, launch, &fused_swiglu_grad_x_default, td, a[0], a[1], a[2], a[3],
                            dx.ElementAddress(), base);
    };
    *workspaceSize = exec->workspaceSize;
    *executor = ToHandle(exec.release());
    return 0;
}

}  // namespace ascendops::fused_swiglu_grad

extern "C" aclnnStatus aclnnAscendopsFusedSwigluGradWGetWorkspaceSize(const aclTensor* x, const aclTensor* dg,
                                                                      const aclTensor* dfc, aclTensor* dwG,
                                                                      aclTensor* dwFc, uint64_t* workspaceSize,
                                                                      aclOpExecutor** executor) {
    ascendops::BeginCall();
    namespace sg = ascendops::fused_swiglu_grad;
    const aclTensor* tensors[] = {x, dg, dfc, dwG, dwFc};
    const char* names[] = {"x", "dg", "dfc", "dw_g", "dw_fc"};
    auto args = ascendops::ReadTensors(tensors, names, 5);
    if (!args) return ascendops::Fail(args.error());
    return sg::BuildW(*args, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAscendopsFusedSwigluGradW(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                      aclrtStream stream) {
    return ascendops::RunExecutor(workspace, workspaceSize, executor, stream);
}

extern "C" aclnnStatus aclnnAscendopsFusedSwigluGradXGetWorkspaceSize(const aclTensor* dg, const aclTensor* dfc,
                                                                      const aclTensor* wG, const aclTensor* wFc,
                                                                      aclTensor* dx, uint64_t* workspaceSize,
                                                                      aclOpExecutor** executor) {
    ascendops::BeginCall();
    namespace sg = ascendops::fused_swiglu_grad;
    const aclTensor* tensors[] = {dg, dfc, wG, wFc, dx};
    const char* names[] = {"dg", "dfc", "w_g", "w_fc", "dx"};
    auto args = ascendops::ReadTensors(tensors, names, 5);
    if (!args) return ascendops::Fail(args.error());
    return sg::BuildX(*args, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAscendopsFusedSwigluGradX(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                      aclrtStream stream) {
    return ascendops::RunExecutor(workspace, workspaceSize, executor, stream);
}
