#include "aclnn_fused_swiglu_grad.h"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/aclnn_context.h"
#include "common/kernel_launch.h"
#include "common/tensor_util.h"
#include "fused_swiglu_grad_kernels.h"
#include "op_host/common/tiling_util.h"
#include "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h"

namespace ascendops::fused_swiglu_grad {
namespace {

struct BArgs {
    std::array<TensorView, 3> in;   // dy, g, fc
    std::array<TensorView, 4> out;  // dg, dfc, dbG, dbFc
};

Result<BArgs> ReadBArgs(const aclTensor* const (&in)[3], aclTensor* const (&out)[4]) {
    static constexpr const char* kOutNames[] = {"dg", "dfc", "dbG", "dbFc"};
    BArgs a;
    for (int i = 0; i < 3; ++i) {
        auto t = ReadTensor(in[i], kBInputNames[i]);
        if (!t) return t.error();
        a.in[i] = *t;
    }
    for (int i = 0; i < 4; ++i) {
        auto t = ReadTensor(out[i], kOutNames[i]);
        if (!t) return t.error();
        a.out[i] = *t;
    }
    return a;
}

// Outputs: BF16, contiguous, dg / dfc [M, N] like dy, dbG / dbFc [1, N].
std::optional<Error> CheckOutputs(const BArgs& a) {
    const std::vector<int64_t> dbShape{1, a.in[0].shape[1]};
    for (int i = 0; i < 4; ++i) {
        const TensorView& o = a.out[i];
        if (auto e = CheckDtype(o, DataType::kBf16)) return e;
        if (i < 2) {
            if (auto e = CheckSameShape(a.in[0], o)) return e;
        } else if (o.shape != dbShape) {
            return InvalidParam(o.name + " shape " + ShapeString(o.shape) +
                                " must be [1, N] = " + ShapeString(dbShape));
        }
        if (auto e = CheckContiguous(o)) return e;
    }
    return std::nullopt;
}

aclnnStatus BuildB(const BArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr) return Fail(NullPointer("workspaceSize is null"));
    if (executor == nullptr) return Fail(NullPointer("executor is null"));
    BTilingInput in;
    for (int i = 0; i < 3; ++i) {
        in.shapes[i] = a.in[i].shape;
        in.dtypes[i] = a.in[i].dtype;
    }
    auto tiling = ComputeBTiling(in, CurrentPlatform());
    if (!tiling) return Fail(tiling.error());
    if (auto e = CheckOutputs(a)) return Fail(*e);

    const FusedSwigluGradBTilingData td = tiling->data;
    const uint64_t numel = uint64_t{td.rows} * td.cols;
    const uint64_t bytes = numel * sizeof(uint16_t);
    const uint64_t dbBytes = uint64_t{td.cols} * sizeof(uint16_t);
    auto exec = std::make_unique<OpExecutor>();
    exec->op = "FusedSwigluGradB";
    if (numel == 0) {  // M = 0: empty dg / dfc, zero column sums, nothing to launch
        exec->run = [a, dbBytes](void*, uint64_t, aclrtStream) -> Result<LaunchReport> {
            for (int i = 2; i < 4; ++i) aclrtMemset(a.out[i].ElementAddress(), dbBytes, 0, dbBytes);
            return LaunchReport{};
        };
        *workspaceSize = 0;
        *executor = ToHandle(exec.release());
        return 0;
    }
    // Workspace = [kernel: system reserve, FP32 partials][dense copies of the non-contiguous inputs]
    std::array<std::optional<uint64_t>, 3> staged;
    uint64_t total = tiling->workspaceBytes;
    for (int i = 0; i < 3; ++i) {
        if (a.in[i].IsContiguous()) continue;
        staged[i] = total;
        total += AlignUp(bytes, kBlockBytes);
    }
    // Roofline: dy, g, fc read once; dg, dfc, db_g, db_fc written once.
    KernelLaunch launch{"fused_swiglu_grad_b", tiling->blockDim, tiling->tilingKey, 5 * bytes + 2 * dbBytes};
    for (const TensorView& o : a.out) AddOutput(launch, o);
    exec->workspaceSize = total;
    exec->run = [launch, td, a, staged](void* ws, uint64_t, aclrtStream stream) -> Result<LaunchReport> {
        auto* base = static_cast<uint8_t*>(ws);
        std::array<uint8_t*, 3> in{};
        for (int i = 0; i < 3; ++i) {
            in[i] = a.in[i].ElementAddress();
            if (staged[i]) CopyToContiguous(a.in[i], in[i] = base + *staged[i]);
        }
        return LaunchKernel(stream, launch, &fused_swiglu_grad_b_default, td, in[0], in[1], in[2],
                            a.out[0].ElementAddress(), a.out[1].ElementAddress(), a.out[2].ElementAddress(),
                            a.out[3].ElementAddress(), base);
    };
    *workspaceSize = exec->workspaceSize;
    *executor = ToHandle(exec.release());
    return 0;
}

}  // namespace
}  // namespace ascendops::fused_swiglu_grad

extern "C" aclnnStatus aclnnAscendopsFusedSwigluGradBGetWorkspaceSize(const aclTensor* dy, const aclTensor* g,
                                                                      const aclTensor* fc, aclTensor* dg,
                                                                      aclTensor* dfc, aclTensor* dbG, aclTensor* dbFc,
                                                                      uint64_t* workspaceSize,
                                                                      aclOpExecutor** executor) {
    ascendops::BeginCall();
    namespace sg = ascendops::fused_swiglu_grad;
    auto args = sg::ReadBArgs({dy, g, fc}, {dg, dfc, dbG, dbFc});
    if (!args) return ascendops::Fail(args.error());
    return sg::BuildB(*args, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAscendopsFusedSwigluGradB(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                      aclrtStream stream) {
    return ascendops::RunExecutor(workspace, workspaceSize, executor, stream);
}
