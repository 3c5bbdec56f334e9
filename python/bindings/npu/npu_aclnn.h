// The NPU backend's aclnn layer: aclTensors over device copies of NumPy arrays and the two-stage aclnn call, on
// nnopbase's aclnn/aclnn_base.h (aclCreateTensor, aclnnStatus, aclOpExecutor). Compiled only with the CANN toolkit;
// never built or run in this repository's CI (compile-checked by hand against hicann/opbase, see docs/npu.md).
#pragma once
#include <pybind11/numpy.h>

#include <cstdint>
#include <functional>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "npu_device.h"

namespace ascendops::npu {

// A C-contiguous copy of a NumPy array in device memory and the ND aclTensor describing it.
class DeviceArray {
public:
    static DeviceArray Upload(const pybind11::array& host, aclDataType dtype);
    DeviceArray(const DeviceArray&) = delete;
    DeviceArray& operator=(const DeviceArray&) = delete;
    DeviceArray(DeviceArray&& other) noexcept;
    ~DeviceArray();
    aclTensor* Tensor() const { return tensor_; }
    void Download(pybind11::array& host) const;  // host: C-contiguous, same shape and dtype

private:
    explicit DeviceArray(uint64_t bytes) : buffer_(bytes) {}
    DeviceBuffer buffer_;
    aclTensor* tensor_ = nullptr;
};

using Phase1 = std::function<aclnnStatus(uint64_t* workspaceSize, aclOpExecutor** executor)>;
using Phase2 = aclnnStatus (*)(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

void CheckAclnn(aclnnStatus status, const char* op);  // non-zero -> AclnnError(status, runtime message)

// Phase 1, a device workspace of the size it asks for, phase 2 on Stream(), aclrtSynchronizeStream. The executor
// belongs to nnopbase (phase 2 releases it); it is never deleted here.
void RunAclnn(const char* op, const Phase1& phase1, Phase2 phase2);

// Device time of phase 2 (EventTimer around it; phase 1 and the workspace allocation stay outside): the median of
// `repeats` runs after `warmup` untimed ones, in microseconds.
double MedianDeviceUs(const char* op, const Phase1& phase1, Phase2 phase2, int warmup, int repeats);

}  // namespace ascendops::npu
