#include "aclnn_embedding_dense_grad.h"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "common/aclnn_context.h"
#include "common/kernel_launch.h"
#include "common/tensor_util.h"
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

// The twin compiles the kernel per core architecture (m200 = ascend310p, m220 = A2/A3) as CANN compiles it per
// SoC; an NPU build has its one entry for the SoC it was built for ("default").
EdgEntry KernelFor(const Platform& platform) {
    static const std::map<std::string, EdgEntry> instances = {
#define ASCENDOPS_SIM_KERNEL(entry, variant) {#variant, &entry##_##variant},
#include "sim_kernels_embedding_dense_grad.inc"
#undef ASCENDOPS_SIM_KERNEL
    };
    auto it = instances.find(ArchVariant(platform));
    return it != instances.end() ? it->second : instances.begin()->second;
}

// Workspace = [kernel: system reserve][dense grad][sorted indices][pos_idx]; the last three only when the input has
// to be gathered (strided) or produced (user-level sort).
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

// The argument views of one call; `pos` is empty on the user-level path (the host sort produces it).
struct Args {
    TensorView grad;
    TensorView indices;
    std::optional<TensorView> pos;
    TensorView out;
};

std::optional<Error> CheckOut(const TensorView& out, int64_t numWeights, int64_t dim) {
    const std::vector<int64_t> expected{numWeights, dim};
    if (out.shape != expected) {
        return InvalidParam("out shape " + ShapeString(out.shape) +
                            " must be [num_weights, D] = " + ShapeString(expected));
    }
    return CheckContiguous(out);
}

// Raw indices (any rank, INT32 or INT64) -> stable ascending order with the original row of each position.
// The CPU backend sorts on the host; an NPU build uses the built-in stable Sort instead.
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

void SortIndices(const TensorView& indices, int32_t* sorted, int32_t* pos) {
    const uint64_t n = indices.Numel();
    std::vector<int64_t> keys(n);
    if (indices.dtype == DataType::kInt64) {
        CopyToContiguous(indices, reinterpret_cast<uint8_t*>(keys.data()));
    } else {
        std::vector<int32_t> raw(n);
        CopyToContiguous(indices, reinterpret_cast<uint8_t*>(raw.data()));
        std::copy(raw.begin(), raw.end(), keys.begin());
    }
    std::vector<int32_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return keys[a] < keys[b]; });
    constexpr int64_t kMin = std::numeric_limits<int32_t>::min();
    constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
    for (uint64_t i = 0; i < n; ++i) {
        const int64_t k = keys[order[i]];
        sorted[i] = k < kMin || k > kMax ? -1 : static_cast<int32_t>(k);  // -1: skipped like any invalid index
        pos[i] = order[i];
    }
}

// Every check that needs no out tensor: dtypes, numel agreement and the tiling's rules (attributes, sizes).
Result<TilingResult> Plan(const Args& a, int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq) {
    if (a.pos) {
        if (auto e = CheckDtype(a.indices, DataType::kInt32)) return *e;
        if (auto e = CheckDtype(*a.pos, DataType::kInt32)) return *e;
        if (a.pos->Numel() != a.indices.Numel()) {
            return InvalidParam("posIdx numel " + std::to_string(a.pos->Numel()) + " must equal sortIndices numel " +
                                std::to_string(a.indices.Numel()));
        }
    } else if (a.indices.dtype != DataType::kInt32 && a.indices.dtype != DataType::kInt64) {
        return InvalidParam(std::string("indices dtype ") + DataTypeName(a.indices.dtype) + " must be int32 or int64");
    }
    TilingInput in;
    in.gradShape = a.grad.shape;
    in.gradDtype = a.grad.dtype;
    in.indicesNumel = static_cast<int64_t>(a.indices.Numel());
    in.indicesDtype = DataType::kInt32;  // the user-level path converts to INT32 while sorting
    if (a.pos) in.indicesDtype = a.indices.dtype;
    in.outDtype = DataType::kFloat;  // out itself is checked by CheckOut
    in.numWeights = numWeights;
    in.paddingIdx = paddingIdx;
    in.scaleGradByFreq = scaleGradByFreq;
    return ComputeTiling(in, CurrentPlatform());
}

// The executor's device work: strided inputs staged (raw indices sorted) in the workspace, out zeroed, the launch.
decltype(aclOpExecutor::run) MakeRun(const KernelLaunch& launch, const EmbeddingDenseGradTilingData& td, const Args& a,
                                     const Layout& layout, uint64_t outBytes, EdgEntry kernel) {
    return [launch, td, a, layout, outBytes, kernel](void* ws, uint64_t, aclrtStream stream) -> Result<LaunchReport> {
        auto* base = static_cast<uint8_t*>(ws);
        uint8_t* grad = a.grad.ElementAddress();
        uint8_t* indices = a.indices.ElementAddress();
        uint8_t* pos = a.pos ? a.pos->ElementAddress() : nullptr;
        if (layout.grad) CopyToContiguous(a.grad, grad = base + *layout.grad);
        if (!a.pos) {
            indices = base + *layout.indices;
            pos = base + *layout.pos;
            SortIndices(a.indices, reinterpret_cast<int32_t*>(indices), reinterpret_cast<int32_t*>(pos));
        } else {
            if (layout.indices) CopyToContiguous(a.indices, indices = base + *layout.indices);
            if (layout.pos) CopyToContiguous(*a.pos, pos = base + *layout.pos);
        }
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
    auto exec = std::make_unique<aclOpExecutor>();
    exec->op = "EmbeddingDenseGrad";
    if (n == 0) {  // empty indices: out is all zero, nothing to launch
        exec->run = [out = a.out, outBytes](void*, uint64_t, aclrtStream) -> Result<LaunchReport> {
            aclrtMemset(out.ElementAddress(), outBytes, 0, outBytes);
            return LaunchReport{};
        };
        *workspaceSize = 0;
        *executor = exec.release();
        return 0;
    }
    Layout layout;
    layout.kernelBytes = tiling->workspaceBytes;
    layout.total = layout.kernelBytes;
    const uint64_t gradBytes = n * td.dimSize * sizeof(float);
    const uint64_t idxBytes = n * sizeof(int32_t);
    if (!a.grad.IsContiguous()) layout.grad = layout.Stage(gradBytes);
    if (!a.pos || !a.indices.IsContiguous()) layout.indices = layout.Stage(idxBytes);
    if (!a.pos || !a.pos->IsContiguous()) layout.pos = layout.Stage(idxBytes);
    // Roofline (completed at launch, when the sorted indices are known): grad and both index arrays read once,
    // each distinct live row of out written once.
    KernelLaunch launch{"embedding_dense_grad", tiling->blockDim, tiling->tilingKey, gradBytes + 2 * idxBytes};
    const Platform platform = CurrentPlatform();
    const EdgEntry kernel = KernelFor(platform);
    exec->workspaceSize = layout.total;
    exec->run = MakeRun(launch, td, a, layout, outBytes, kernel);
    *workspaceSize = exec->workspaceSize;
    *executor = exec.release();
    return 0;
}

Result<Args> ReadArgs(const aclTensor* grad, const aclTensor* indices, const char* indicesName, const aclTensor* pos,
                      aclTensor* out, bool precheck = false) {
    Args a;
    auto g = ReadTensor(grad, "grad");
    if (!g) return g.error();
    auto i = ReadTensor(indices, indicesName);
    if (!i) return i.error();
    if (pos != nullptr) {
        auto p = ReadTensor(pos, "posIdx");
        if (!p) return p.error();
        a.pos = *p;
    }
    a.grad = *g;
    a.indices = *i;
    if (out == nullptr && precheck) return a;  // out is not allocated yet: CheckBeforeOut
    auto o = ReadTensor(out, "out");
    if (!o) return o.error();
    a.out = *o;
    return a;
}

}  // namespace

std::optional<Error> CheckBeforeOut(const aclTensor* grad, const aclTensor* indices, const aclTensor* posIdx,
                                    int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq) {
    BeginCall();
    auto args = ReadArgs(grad, indices, posIdx != nullptr ? "sortIndices" : "indices", posIdx, nullptr, true);
    if (!args) return args.error();
    auto plan = Plan(*args, numWeights, paddingIdx, scaleGradByFreq);
    if (!plan) return plan.error();
    return std::nullopt;
}

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

extern "C" aclnnStatus aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(
    const aclTensor* grad, const aclTensor* indices, int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq,
    aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
    ascendops::BeginCall();
    auto args = edg::ReadArgs(grad, indices, "indices", nullptr, out);
    if (!args) return Fail(args.error());
    return edg::Build(*args, numWeights, paddingIdx, scaleGradByFreq, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAscendopsEmbeddingDenseBackward(void* workspace, uint64_t workspaceSize,
                                                            aclOpExecutor* executor, aclrtStream stream) {
    return ascendops::RunExecutor(workspace, workspaceSize, executor, stream);
}
