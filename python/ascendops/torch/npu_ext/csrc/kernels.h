// The PrivateUse1 kernels of torch.ops.ascendops.*: one function per operator, its parameters those of the
// operator's schema in the CPU front (python/ascendops/registry.json "torch" plus `*, str? soc=None,
// int core_num=0`), in order and with the same names; tests/torch/test_torch_npu_ext.py checks this table against
// the front's schemas, and the dispatcher checks each signature against the defined schema when register.cpp loads.
// soc / core_num are the CPU twin's; the device is what it is, so these kernels ignore them.
#pragma once
#include <ATen/ATen.h>

#include <optional>
#include <tuple>
#include <vector>

namespace ascendops::torch_npu_ext {

at::Tensor Cast(const at::Tensor& x, at::ScalarType dtype, std::optional<c10::string_view> soc, int64_t core_num);

at::Tensor EmbeddingDenseGrad(const at::Tensor& grad, const at::Tensor& indices, c10::SymInt num_weights,
                              int64_t padding_idx, bool scale_grad_by_freq, std::optional<c10::string_view> soc,
                              int64_t core_num);

at::Tensor FusedGdnDecode(const at::Tensor& mixed_qkv, const at::Tensor& a, const at::Tensor& b,
                          const at::Tensor& a_log, const at::Tensor& dt_bias, at::Tensor& state,
                          const at::Tensor& ssm_state_indices, double scale, double softplus_threshold,
                          std::optional<c10::string_view> soc, int64_t core_num);

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor> FusedSwigluGrad(
    const at::Tensor& dy, const at::Tensor& g, const at::Tensor& fc, const at::Tensor& x, const at::Tensor& w_g,
    const at::Tensor& w_fc, std::optional<c10::string_view> soc, int64_t core_num);

std::vector<at::Tensor> Split(const at::Tensor& x, c10::SymIntArrayRef split_sections, int64_t dim,
                              std::optional<c10::string_view> soc, int64_t core_num);

}  // namespace ascendops::torch_npu_ext
