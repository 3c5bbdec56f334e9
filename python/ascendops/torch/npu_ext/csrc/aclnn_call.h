// The two aclnn phases of one call on torch_npu, in the order op-plugin's EXEC_NPU_CMD runs them: phase 1 on the
// calling thread (shapes only), the workspace an at::Tensor of uint8 from torch_npu's caching allocator, phase 2
// queued on the current NPU stream through torch_npu's task queue (OpCommand::RunOpApiV2). No host synchronisation:
// the call returns once phase 2 is queued. Facts read from torch_npu 2.13.0's headers (framework/OpCommand.h,
// core/npu/NPUStream.h); the code is our own.
#pragma once
#include <ATen/ATen.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

namespace ascendops::torch_npu_ext {

// The aclTensor / aclTensorList / aclIntArray handles of one call on `device`, each describing an at::Tensor's own
// memory (sizes, strides, storage offset, dtype, storage: no copy); a tensor on another device is a ValueError
// naming it. Destroyed after phase 2 has run.
class AclArgs {
public:
    explicit AclArgs(const at::Device& device) : device_(device) {}
    AclArgs(const AclArgs&) = delete;
    AclArgs& operator=(const AclArgs&) = delete;
    ~AclArgs();
    aclTensor* Tensor(const at::Tensor& t, const char* name);
    aclTensorList* TensorList(const std::vector<at::Tensor>& ts, const char* name);
    aclIntArray* IntArray(c10::IntArrayRef values);

private:
    aclTensor* Make(const at::Tensor& t, const char* name) const;
    at::Device device_;
    std::vector<aclTensor*> tensors_;
    std::vector<aclTensorList*> lists_;  // each owns the tensors it was made from
    std::vector<aclIntArray*> arrays_;
};

// The aclDataType of a torch dtype; TypeError naming the parameter for a dtype aclnn has no type for.
aclDataType AclDtypeOf(at::ScalarType dtype, const char* name);

using PhaseOne = std::function<aclnnStatus(uint64_t* workspaceSize, aclOpExecutor** executor)>;
using PhaseTwo = aclnnStatus (*)(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

// One call after phase 1: the executor, its workspace (an at::Tensor of uint8 from the caching allocator) and the
// handles phase 2 reads. Prepare raises ValueError for 161001/161002, RuntimeError otherwise, with the code and
// CANN's message; Queue queues phase 2 on the device's current stream. A composition prepares every call before it
// queues the first, so a rejected argument leaves nothing queued.
struct PreparedCall {
    const char* api;
    std::shared_ptr<AclArgs> args;
    PhaseTwo phaseTwo;
    aclOpExecutor* executor;
    at::Tensor workspace;  // undefined when the call needs none
    uint64_t workspaceSize;
    aclrtStream stream;

    static PreparedCall Prepare(const char* api, std::shared_ptr<AclArgs> args, const PhaseOne& phaseOne,
                                PhaseTwo phaseTwo, const at::Device& device);
    void Queue() const;
};

// Prepare, then Queue: one aclnn call.
void RunAclnn(const char* api, std::shared_ptr<AclArgs> args, const PhaseOne& phaseOne, PhaseTwo phaseTwo,
              const at::Device& device);

}  // namespace ascendops::torch_npu_ext
