// aclnnAscendopsEmbeddingDenseBackward, the user-level call, on both backends: raw indices sorted on the device,
// then our kernel through its kernel-level pair aclnnAscendopsEmbeddingDenseGrad (sub_call.h), on one stream.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "aclnn_embedding_dense_grad.h"
#include "common/aclnn_context.h"
#include "common/device_steps.h"
#include "common/sub_call.h"
#include "common/tensor_util.h"
#include "embedding_dense_grad_args.h"
#include "op_host/common/tiling_util.h"

namespace ascendops::embedding_dense_grad {
namespace {

// Workspace = [the kernel-level pair's: what the tiling says][dense grad, when strided][sorted indices][pos_idx].
struct Staging {
    uint64_t kernelBytes = 0;
    std::optional<uint64_t> grad;
    uint64_t sorted = 0, pos = 0;
    uint64_t total = 0;
};

Staging Stage(uint64_t kernelBytes, const Args& a, uint64_t n, uint64_t dim) {
    Staging s;
    s.kernelBytes = s.total = kernelBytes;
    auto take = [&s](uint64_t bytes) {
        const uint64_t at = s.total;
        s.total += AlignUp(bytes, kBlockBytes);
        return at;
    };
    if (!a.grad.IsContiguous()) s.grad = take(n * dim * sizeof(float));
    s.sorted = take(n * sizeof(int32_t));
    s.pos = take(n * sizeof(int32_t));
    return s;
}

Result<LaunchReport> Run(const Args& a, const Staging& s, int64_t numWeights, int64_t paddingIdx, bool scale,
                         uint8_t* ws, aclrtStream stream) {
    const uint64_t n = a.indices.Numel();
    if (s.grad) {
        if (auto e = device::MakeContiguous(a.grad, ws + *s.grad, stream)) return *e;
    }
    auto* sorted = reinterpret_cast<int32_t*>(ws + s.sorted);
    auto* pos = reinterpret_cast<int32_t*>(ws + s.pos);
    if (auto e = device::SortIndices(a.indices, sorted, pos, stream)) return *e;
    const std::vector<int64_t> flat{static_cast<int64_t>(n)};
    const OwnedTensor grad =
        s.grad ? OwnedTensor::Dense(a.grad.shape, DataType::kFloat, ws + *s.grad) : OwnedTensor::Of(a.grad);
    const OwnedTensor sortedT = OwnedTensor::Dense(flat, DataType::kInt32, sorted);
    const OwnedTensor posT = OwnedTensor::Dense(flat, DataType::kInt32, pos);
    const OwnedTensor out = OwnedTensor::Of(a.out);
    return CallPair(
        "aclnnAscendopsEmbeddingDenseGrad",
        [&](uint64_t* size, aclOpExecutor** executor) {
            return aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(grad.Get(), sortedT.Get(), posT.Get(), numWeights,
                                                                    paddingIdx, scale, out.Get(), size, executor);
        },
        &aclnnAscendopsEmbeddingDenseGrad, ws, s.kernelBytes, stream);
}

aclnnStatus Build(const Args& a, int64_t numWeights, int64_t paddingIdx, bool scale, uint64_t* workspaceSize,
                  aclOpExecutor** executor) {
    if (workspaceSize == nullptr) return Fail(NullPointer("workspaceSize is null"));
    if (executor == nullptr) return Fail(NullPointer("executor is null"));
    auto tiling = Plan(a, numWeights, paddingIdx, scale);
    if (!tiling) return Fail(tiling.error());
    if (auto e = CheckDtype(a.out, DataType::kFloat)) return Fail(*e);
    if (auto e = CheckOut(a.out, numWeights, a.grad.shape.back())) return Fail(*e);

    const uint64_t n = tiling->data.numRows;
    auto exec = std::make_unique<OpExecutor>();
    exec->op = "EmbeddingDenseBackward";
    if (n == 0) {  // empty indices: out is all zero, nothing to launch
        exec->run = [out = a.out](void*, uint64_t, aclrtStream stream) -> Result<LaunchReport> {
            if (auto e = device::Zero(out.ElementAddress(), out.Numel() * sizeof(float), stream)) return *e;
            return LaunchReport{};
        };
    } else {
        const Staging s = Stage(tiling->workspaceBytes, a, n, tiling->data.dimSize);
        exec->workspaceSize = s.total;
        exec->run = [a, s, numWeights, paddingIdx, scale](void* ws, uint64_t, aclrtStream stream) {
            return Run(a, s, numWeights, paddingIdx, scale, static_cast<uint8_t*>(ws), stream);
        };
    }
    *workspaceSize = exec->workspaceSize;
    *executor = ToHandle(exec.release());
    return 0;
}

}  // namespace
}  // namespace ascendops::embedding_dense_grad

extern "C" aclnnStatus aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(
    const aclTensor* grad, const aclTensor* indices, int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq,
    aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
    namespace edg = ascendops::embedding_dense_grad;
    ascendops::BeginCall();
    if (auto e = ascendops::CheckDevice()) return ascendops::Fail(*e);
    auto args = edg::ReadArgs(grad, indices, "indices", nullptr, out);
    if (!args) return ascendops::Fail(args.error());
    return edg::Build(*args, numWeights, paddingIdx, scaleGradByFreq, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnAscendopsEmbeddingDenseBackward(void* workspace, uint64_t workspaceSize,
                                                            aclOpExecutor* executor, aclrtStream stream) {
    return ascendops::RunExecutor(workspace, workspaceSize, executor, stream);
}
