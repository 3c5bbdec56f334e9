// What the FusedSwigluGrad aclnn entries share: reading tensor arguments, staging non-contiguous inputs in the
// workspace, the w and x executors' builders.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "common/tensor_util.h"
#include "op_host/common/platform.h"

namespace ascendops::fused_swiglu_grad {

// Workspace = [kernel workspace][dense copies of the non-contiguous inputs].
struct StagedInputs {
    uint64_t total = 0;                            // bytes of the whole workspace
    std::vector<std::optional<uint64_t>> offsets;  // per input: its copy's offset, or none (used in place)
    // Each input's address for the kernel: in place, or copied densely into the workspace now.
    std::vector<uint8_t*> Addresses(const std::vector<TensorView>& in, uint8_t* workspace) const;
};
Result<StagedInputs> StageInputs(const std::vector<TensorView>& in, uint64_t kernelWorkspace);

// args: x, dg, dfc, dw_g, dw_fc / dg, dfc, w_g, w_fc, dx.
aclnnStatus BuildW(const std::vector<TensorView>& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus BuildX(const std::vector<TensorView>& args, uint64_t* workspaceSize, aclOpExecutor** executor);

}  // namespace ascendops::fused_swiglu_grad
