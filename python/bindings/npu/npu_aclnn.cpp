#include "npu_aclnn.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace py = pybind11;

namespace ascendops::npu {

DeviceArray DeviceArray::Upload(const py::array& host, aclDataType dtype) {
    py::array dense = py::array::ensure(host, py::array::c_style);
    if (!dense) throw py::type_error("not an array");
    DeviceArray d(static_cast<uint64_t>(dense.nbytes()));
    d.buffer_.CopyFromHost(dense.data());
    std::vector<int64_t> shape(dense.shape(), dense.shape() + dense.ndim());
    std::vector<int64_t> strides(shape.size(), 1);  // in elements, C order
    for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
    d.tensor_ = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                                shape.size(), d.buffer_.Get());
    if (d.tensor_ == nullptr) RaiseAclnnError(kRuntimeError, "aclCreateTensor returned null: " + RecentAclMessage());
    return d;
}

DeviceArray::DeviceArray(DeviceArray&& other) noexcept
    : buffer_(std::move(other.buffer_)), tensor_(std::exchange(other.tensor_, nullptr)) {}

DeviceArray::~DeviceArray() {
    if (tensor_ != nullptr) aclDestroyTensor(tensor_);
}

void DeviceArray::Download(py::array& host) const {
    if (!(host.flags() & py::array::c_style) || !host.writeable() ||
        static_cast<uint64_t>(host.nbytes()) != buffer_.Bytes()) {
        throw py::value_error("the result array must be C-contiguous, writeable and the tensor's size");
    }
    buffer_.CopyToHost(host.mutable_data());
}

void CheckAclnn(aclnnStatus status, const char* op) {
    if (status != 0) RaiseAclnnError(static_cast<int64_t>(status), std::string(op) + ": " + RecentAclMessage());
}

void RunAclnn(const char* op, const Phase1& phase1, Phase2 phase2) {
    uint64_t size = 0;
    aclOpExecutor* executor = nullptr;
    CheckAclnn(phase1(&size, &executor), op);
    DeviceBuffer workspace(size);
    CheckAclnn(phase2(size > 0 ? workspace.Get() : nullptr, size, executor, Stream()), op);
    CheckAcl(aclrtSynchronizeStream(Stream()), "aclrtSynchronizeStream");
}

double MedianDeviceUs(const char* op, const Phase1& phase1, Phase2 phase2, int warmup, int repeats) {
    if (warmup < 0 || repeats < 1) throw py::value_error("warmup must be >= 0 and repeats >= 1");
    EventTimer timer;
    std::vector<double> us;
    for (int i = 0; i < warmup + repeats; ++i) {
        uint64_t size = 0;
        aclOpExecutor* executor = nullptr;
        CheckAclnn(phase1(&size, &executor), op);
        DeviceBuffer workspace(size);
        timer.Start();
        CheckAclnn(phase2(size > 0 ? workspace.Get() : nullptr, size, executor, Stream()), op);
        timer.Stop();
        const double t = timer.ElapsedUs();  // waits for the run, so the workspace may be freed next
        if (i >= warmup) us.push_back(t);
    }
    std::nth_element(us.begin(), us.begin() + us.size() / 2, us.end());
    return us[us.size() / 2];
}

}  // namespace ascendops::npu
