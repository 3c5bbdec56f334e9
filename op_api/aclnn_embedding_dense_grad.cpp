#include "aclnn_embedding_dense_grad.h"

// The kernel-level pair on the twin (checks, tiling, the twin's launcher): the stand-in for the pair CANN generates
// from the OpDef on the NPU. The user-level composition is aclnn_embedding_dense_backward.cpp.
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "common/aclnn_context.h"
#include "common/kernel_launch.h"
#include "common/tensor_util.h"
#include "embedding_dense_grad_args.h"
#include "op_host/common/tiling_util.h"
#include "op_host/embedding_dense_grad/embedding_dense_grad_tiling.h"

#define ASCENDOPS_SIM_KERNEL(entry, variant)                                                              \
    extern "C" void entry##_##variant(uint8_t* grad, uint8_t* sortIndices, uint8_t* posIdx, uint8_t* out, \
                                      uint8_t* workspace, uint8_t* tiling);
#include "sim_kernels_embedding_dense_grad.inc"
#undef ASCENDOPS_SIM_KERNEL

namespace ascendops::embedding_dense_grad {
namespace {

using EdgEntry = void (*)(uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*, uint8_t*);

// The twin compiles the kernel per core architecture (m200 = ascend310p, c220 = A2/A3) as CANN compiles it per
// SoC; an NPU build has its one entry for the SoC it was built for ("default").
EdgEntry KernelFor(const Platform& platform) {
    static const std::map<std::string, EdgEntry> instances = {
#define ASCENDOPS_SIM_KERNEL(entry, variant) {#variant, &entry##_##variant},
#include "sim_kernels_embedding_dense_grad.inc"
#undef ASCENDOPS_SIM_KERNEL
    };
    return InstanceFor(instances, platform);
}

// Workspace = [kernel: system reserve][dense grad][sorted indices][pos_idx]; the last three only for a strided input.
struct Layout {
    uint64_t kernelBytes = 0;
    std::optional<uint64_t> grad, indices, pos;  // byte offsets of the staged copies
    uint64_t total = 0;

    uint64_t Stage(uint64_t bytes) {
        const uint64_t at = total;
        total += AlignUp(bytes, kBlockBytes);
        return at;
    }
};

// Rows of out the kernel must write: distinct sorted indices in [0, numWeights) other than the padding row.
uint64_t DistinctLiveRows(const int32_t* sorted, const EmbeddingDenseGradTilingData& td) {
    uint64_t rows = 0;
    for (uint32_t i = 0; i < td.numRows; ++i) {
        const int32_t idx = sorted[i];
        const bool live = idx >= 0 && static_cast<uint32_t>(idx) < td.numWeights && idx != td.paddingIdx;
        if (live && (i == 0 || sorted[i - 1] != idx)) ++rows;
    }
    return rows;
}

// The executor's device work: strided inputs staged in the workspace, out zeroed, the launch.
decltype(OpExecutor::run) MakeRun(const KernelLaunch& launch, const EmbeddingDenseGradTilingData& td, const Args& a,
                                  const Layout& layout, uint64_t outBytes, EdgEntry kernel) {
    return [launch, td, a, layout, outBytes, kernel](void* ws, uint64_t, aclrtStream stream) -> Result<LaunchReport> {
        auto* base = static_cast<uint8_t*>(ws);
        uint8_t* grad = a.grad.ElementAddress();
        uint8_t* indices = a.indices.ElementAddress();
        uint8_t* pos = a.pos->ElementAddress();
        if (layout.grad) CopyToContiguous(a.grad, grad = base + *layout.grad);
        if (layout.indices) CopyToContiguous(a.indices, indices = base + *layout.indices);
        if (layout.pos) CopyToContiguous(*a.pos, pos = base + *layout.pos);
        // The kernel accumulates into zeros (the op package: out's InitValue(0)); it needs nothing else zeroed.
        aclrtMemset(a.out.ElementAddress(), outBytes, 0, outBytes);
        KernelLaunch k = launch;
        k.rooflineBytes += DistinctLiveRows(reinterpret_cast<const int32_t*>(indices), td) * td.dimSize * sizeof(float);
        Result<LaunchReport> r = LaunchKernel(stream, k, kernel, td, grad, indices, pos, a.out.ElementAddress(), base);
        if (r.ok()) {  // the whole call's device time: the memset of out, then the kernel
            r.value().stats.modeled.deviceUs += ascendc_sim::MemsetUs(outBytes, *CurrentPlatform().soc);
        }
        return r;
    };
}

aclnnStatus Build(const Args& a, int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq, uint64_t* workspaceSize,
                  aclOpExecutor** executor) {
    if (workspaceSize == nullptr) return Fail(NullPointer("workspaceSize is null"));
    if (executor == nullptr) return Fail(NullPointer("executor is null"));
    auto tiling = Plan(a, numWeights, paddingIdx, scaleGradByFreq);
    if (!tiling) return Fail(tiling.error());
    if (auto e = CheckDtype(a.out, DataType::kFloat)) return Fail(*e);
    if (auto e = CheckOut(a.out, numWeights, a.grad.shape.back())) return Fail(*e);

    const EmbeddingDenseGradTilingData td = tiling->data;
    const uint64_t n = td.numRows;
    const uint64_t outBytes = a.out.Numel() * sizeof(float);
    auto exec = std::make_unique<OpExecutor>();
    exec->op = "EmbeddingDenseGrad";
    if (n == 0) {  // empty indices: out is all zero, nothing to launch
        exec->run = [out = a.out, outBytes](void*, uint64_t, aclrtStream) -> Result<LaunchReport> {
            aclrtMemset(out.ElementAddress(), outBytes, 0, outBytes);
            return LaunchReport{};
        };
        *workspaceSize = 0;
        *executor = ToHandle(exec.release());
        return 0;
    }
    Layout layout;
    layout.kernelBytes = tiling->workspaceBytes;
    layout.total = layout.kernelBytes;
    const uint64_t gradBytes = n * td.dimSize * sizeof(float);
    const uint64_t idxBytes = n * sizeof(int32_t);
    if (!a.grad.IsContiguous()) layout.grad = layout.Stage(gradBytes);
    if (!a.indices.IsContiguous()) layout.indices = layout.Stage(idxBytes);
    if (!a.pos->IsContiguous()) layout.pos = layout.Stage(idxBytes);
    // Roofline (completed at launch, when the sorted indices are known): grad and both index arrays read once,
    // each distinct live row of out written once.
    KernelLaunch launch{"embedding_dense_grad", tiling->blockDim, tiling->tilingKey, gradBytes + 2 * idxBytes};
    AddOutput(launch, a.out);
    const Platform platform = CurrentPlatform();
    const EdgEntry kernel = KernelFor(platform);
    exec->workspaceSize = layout.total;
    exec->run = MakeRun(launch, td, a, layout, outBytes, kernel);
    *workspaceSize = exec->workspaceSize;
    *executor = ToHandle(exec.release());
    return 0;
}

}  // namespace
}  // namespace ascendops::embedding_dense_grad

using ascendops::Fail;
using ascendops::NullPointer;
namespace edg = ascendops::embedding_dense_grad;

extern "C" aclnnStatus aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(
    const aclTensor* grad, const aclTensor* sortIndices, const aclTensor* posIdx, int64_t numWeights,
    int64_t paddingIdx, bool scaleGradByFreq, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
    ascendops::BeginCall();
    if (posIdx == nullptr) return Fail(NullPointer("posIdx is null"));
    auto args = edg::ReadArgs(grad, sortIndices, "sortIndices", posIdx, out);
    if (!args) return Fail(args.error());
    return edg::Build(*args, numWeights, paddingIdx, scaleGradByFreq, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAscendopsEmbeddingDenseGrad(void* workspace, uint64_t workspaceSize,
                                                        aclOpExecutor* executor, aclrtStream stream) {
    return ascendops::RunExecutor(workspace, workspaceSize, executor, stream);
}
