// The NPU backend's aclnn layer, one for both fronts: an Operand is a NumPy array (copied to the device, and back
// when it is an output) or a device view the torch front hands over (its tensor's memory: no copy), and the
// two-stage aclnn call on a stream (the module's own, or torch_npu's). On nnopbase's aclnn/aclnn_base.h
// (aclCreateTensor, aclnnStatus, aclOpExecutor). Compiled only with the CANN toolkit; never run in this repository.
#pragma once
#include <pybind11/numpy.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "npu_device.h"

namespace ascendops::npu {

// A C-contiguous copy of a NumPy array in device memory and the ND aclTensor describing it.
class DeviceArray {
public:
    static DeviceArray Upload(const pybind11::array& host, aclDataType dtype);
    // Device memory for `host`'s shape and dtype, not copied (an output).
    static DeviceArray Allocate(const pybind11::array& host, aclDataType dtype);
    DeviceArray(const DeviceArray&) = delete;
    DeviceArray& operator=(const DeviceArray&) = delete;
    DeviceArray(DeviceArray&& other) noexcept;
    ~DeviceArray();
    aclTensor* Tensor() const { return tensor_; }
    void* Data() const { return buffer_.Get(); }
    void Download(pybind11::array& host) const;  // host: C-contiguous, same shape and dtype

private:
    explicit DeviceArray(uint64_t bytes) : buffer_(bytes) {}
    DeviceBuffer buffer_;
    aclTensor* tensor_ = nullptr;
};

// One tensor argument of an aclnn call. A NumPy array: `In` copies it to the device (C-contiguous), `Out` only
// allocates, `InOut` does both; WriteBack copies an output back into the array. A device view, the tuple
// (data_ptr, shape, strides, storage_offset, dtype name, storage elements) of a torch tensor on the NPU: an aclTensor
// over that memory as it is (strides and offset kept), WriteBack does nothing. The dtype is the array's or the
// named one, through ascendc_sim/platform/dtype.h (the one table of aclDataType numbers).
class Operand {
public:
    static Operand In(const pybind11::handle& value) { return Operand(value, true); }
    static Operand Out(const pybind11::handle& value) { return Operand(value, false); }
    static Operand InOut(const pybind11::handle& value) { return Operand(value, true); }
    Operand(Operand&& other) noexcept;
    Operand(const Operand&) = delete;
    Operand& operator=(const Operand&) = delete;
    ~Operand();
    aclTensor* Tensor() const { return array_ ? array_->Tensor() : view_; }
    aclDataType Dtype() const { return dtype_; }
    // A second aclTensor over the same memory, owned by the caller (e.g. by an aclTensorList, which destroys it).
    aclTensor* NewHandle() const;
    void WriteBack(const pybind11::handle& value) const;

private:
    Operand(const pybind11::handle& value, bool upload);
    std::optional<DeviceArray> array_;
    aclTensor* view_ = nullptr;
    aclDataType dtype_ = ACL_FLOAT;
    std::vector<int64_t> shape_, strides_;  // in elements
    int64_t offset_ = 0, storage_ = 0;
    void* data_ = nullptr;
};

using Phase1 = std::function<aclnnStatus(uint64_t* workspaceSize, aclOpExecutor** executor)>;
using Phase2 = aclnnStatus (*)(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

void CheckAclnn(aclnnStatus status, const char* op);  // non-zero -> AclnnError(status, runtime message)

// Phase 1, a device workspace of the size it asks for, phase 2 on Stream(), aclrtSynchronizeStream. The executor
// belongs to nnopbase (phase 2 releases it); it is never deleted here.
void RunAclnn(const char* op, const Phase1& phase1, Phase2 phase2);
// The same on `stream` (a torch_npu stream handle; 0: the module's own Stream()).
void RunAclnnOn(const char* op, const Phase1& phase1, Phase2 phase2, uintptr_t stream);

// Device time of phase 2 (EventTimer around it; phase 1 and the workspace allocation stay outside): the median of
// `repeats` runs after `warmup` untimed ones, in microseconds.
double MedianDeviceUs(const char* op, const Phase1& phase1, Phase2 phase2, int warmup, int repeats);

}  // namespace ascendops::npu
