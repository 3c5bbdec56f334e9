// FusedGdnDecode on torch_npu: the OpDef's generated pair aclnnAscendopsFusedGdnDecode (op_api/
// aclnn_fused_gdn_decode.h); state updated in place, the other inputs gathered densely on the device, and any
// input sharing memory with state read from a copy made before the launch (the kernel writes state as it reads).
#include <c10/core/DeviceGuard.h>

#include <array>

#include "aclnn_call.h"
#include "aclnn_fused_gdn_decode.h"
#include "kernels.h"

namespace ascendops::torch_npu_ext {
namespace {

// [first, last + 1) bytes of t's elements in its storage; empty for a tensor without elements.
std::pair<int64_t, int64_t> ByteSpan(const at::Tensor& t) {
    if (t.numel() == 0) return {0, 0};
    int64_t last = t.storage_offset();
    for (int64_t d = 0; d < t.dim(); ++d) last += (t.size(d) - 1) * t.stride(d);
    return {t.storage_offset() * t.element_size(), (last + 1) * t.element_size()};
}

bool Overlaps(const at::Tensor& t, const at::Tensor& other) {
    if (t.storage().data() != other.storage().data()) return false;
    const auto [a0, a1] = ByteSpan(t);
    const auto [b0, b1] = ByteSpan(other);
    return a0 < a1 && b0 < b1 && a0 < b1 && b0 < a1;
}

// The tensor the kernel reads for input t: dense, and a copy of its own when it shares memory with state.
at::Tensor ReadFirst(const at::Tensor& t, const at::Tensor& state) {
    return Overlaps(t, state) ? t.clone(at::MemoryFormat::Contiguous) : t.contiguous();
}

int64_t DimOr1(const at::Tensor& t, int64_t i) { return t.dim() > i ? t.size(i) : 1; }  // the tiling rejects ranks

}  // namespace

at::Tensor FusedGdnDecode(const at::Tensor& mixed_qkv, const at::Tensor& a, const at::Tensor& b,
                          const at::Tensor& a_log, const at::Tensor& dt_bias, at::Tensor& state,
                          const at::Tensor& ssm_state_indices, double scale, double softplus_threshold,
                          std::optional<c10::string_view>, int64_t) {
    const c10::DeviceGuard guard(state.device());
    TORCH_CHECK_TYPE(state.is_contiguous(), "state must be C-contiguous to be updated in place (got strides ",
                     state.strides(), " for shape ", state.sizes(), ")");
    at::Tensor out = at::empty({DimOr1(mixed_qkv, 0), 1, DimOr1(a, 1), DimOr1(state, 2)}, mixed_qkv.options());
    const std::array<at::Tensor, 6> in = {ReadFirst(mixed_qkv, state), ReadFirst(a, state),
                                          ReadFirst(b, state),         ReadFirst(a_log, state),
                                          ReadFirst(dt_bias, state),   ReadFirst(ssm_state_indices, state)};
    auto args = std::make_shared<AclArgs>(state.device());
    aclTensor* qkvT = args->Tensor(in[0], "mixed_qkv");
    aclTensor* aT = args->Tensor(in[1], "a");
    aclTensor* bT = args->Tensor(in[2], "b");
    aclTensor* aLogT = args->Tensor(in[3], "a_log");
    aclTensor* dtBiasT = args->Tensor(in[4], "dt_bias");
    aclTensor* stateT = args->Tensor(state, "state");
    aclTensor* indicesT = args->Tensor(in[5], "ssm_state_indices");
    aclTensor* outT = args->Tensor(out, "out");
    RunAclnn(
        "aclnnAscendopsFusedGdnDecode", args,
        [&](uint64_t* size, aclOpExecutor** ex) {
            return aclnnAscendopsFusedGdnDecodeGetWorkspaceSize(qkvT, aT, bT, aLogT, dtBiasT, stateT, indicesT, scale,
                                                                softplus_threshold, outT, size, ex);
        },
        &aclnnAscendopsFusedGdnDecode, state.device());
    return out;
}

}  // namespace ascendops::torch_npu_ext
