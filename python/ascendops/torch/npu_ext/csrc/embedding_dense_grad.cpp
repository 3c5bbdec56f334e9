// EmbeddingDenseGrad on torch_npu with no host round trip: the indices sorted stably on the device (at::sort, which
// torch_npu runs as CANN's sort), grad gathered densely on the device (at::Tensor::contiguous), then the OpDef's
// generated kernel-level pair aclnnAscendopsEmbeddingDenseGrad (op_api/aclnn_embedding_dense_grad.h). out needs no
// zeroing here: the OpDef declares it InitValue(0) (op_host/embedding_dense_grad/embedding_dense_grad_def.cpp).
#include <c10/core/DeviceGuard.h>

#include <limits>

#include "aclnn_call.h"
#include "aclnn_embedding_dense_grad.h"
#include "kernels.h"

namespace ascendops::torch_npu_ext {

at::Tensor EmbeddingDenseGrad(const at::Tensor& grad, const at::Tensor& indices, c10::SymInt num_weights,
                              int64_t padding_idx, bool scale_grad_by_freq, std::optional<c10::string_view>, int64_t) {
    const c10::DeviceGuard guard(grad.device());
    // The user-level rule (aclnn_embedding_dense_grad.h): indices INT32 or INT64; the kernel-level pair sees INT32.
    const bool wide = indices.scalar_type() == at::kLong;
    TORCH_CHECK_VALUE(wide || indices.scalar_type() == at::kInt, "aclnn error 161002: indices dtype ",
                      indices.scalar_type(), " is not supported: expected int32 or int64");
    const int64_t numWeights = num_weights.guard_int(__FILE__, __LINE__);
    at::Tensor out = at::empty({numWeights, grad.dim() > 0 ? grad.size(-1) : 0}, grad.options().dtype(at::kFloat));
    const at::Tensor flat = indices.reshape({-1});
    if (flat.numel() == 0) return out.zero_();  // no rows: nothing to launch (the user-level pair's contract)
    auto [keys, order] = at::sort(flat, /*stable=*/true, /*dim=*/0, /*descending=*/false);
    // INT64 keys outside INT32 clamped to [-1, 2^31 - 1] (no row either way, numWeights <= 2^31 - 1), so the
    // narrowing keeps the order and never makes such a key name a row.
    const at::Tensor sorted = (wide ? keys.clamp(-1, std::numeric_limits<int32_t>::max()) : keys).to(at::kInt);
    const at::Tensor pos = order.to(at::kInt);  // positions < numel <= 2^31: exact
    const at::Tensor rows = grad.contiguous();
    auto args = std::make_shared<AclArgs>(grad.device());
    aclTensor* gradT = args->Tensor(rows, "grad");
    aclTensor* sortedT = args->Tensor(sorted, "indices");
    aclTensor* posT = args->Tensor(pos, "indices");
    aclTensor* outT = args->Tensor(out, "out");
    RunAclnn(
        "aclnnAscendopsEmbeddingDenseGrad", args,
        [&](uint64_t* size, aclOpExecutor** ex) {
            return aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(gradT, sortedT, posT, numWeights, padding_idx,
                                                                    scale_grad_by_freq, outT, size, ex);
        },
        &aclnnAscendopsEmbeddingDenseGrad, grad.device());
    return out;
}

}  // namespace ascendops::torch_npu_ext
