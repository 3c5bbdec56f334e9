#include "npu_aclnn.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "op_host/common/platform.h"

namespace py = pybind11;

namespace ascendops::npu {

namespace {

aclDataType AclDtypeOf(const std::string& name) {
    auto type = ParseDataType(name);
    if (!type) throw py::type_error("dtype " + name + " is not supported by ascendops");
    return static_cast<aclDataType>(*type);
}

}  // namespace

DeviceArray DeviceArray::Upload(const py::array& host, aclDataType dtype) {
    py::array dense = py::array::ensure(host, py::array::c_style);
    if (!dense) throw py::type_error("not an array");
    DeviceArray d = Allocate(dense, dtype);
    d.buffer_.CopyFromHost(dense.data());
    return d;
}

DeviceArray DeviceArray::Allocate(const py::array& dense, aclDataType dtype) {
    DeviceArray d(static_cast<uint64_t>(dense.nbytes()));
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

Operand::Operand(const py::handle& value, bool upload) {
    if (py::isinstance<py::array>(value)) {
        py::array array = py::reinterpret_borrow<py::array>(value);
        dtype_ = AclDtypeOf(py::str(array.dtype().attr("name")));
        array_.emplace(upload ? DeviceArray::Upload(array, dtype_) : DeviceArray::Allocate(array, dtype_));
        shape_.assign(array.shape(), array.shape() + array.ndim());
        strides_.assign(shape_.size(), 1);
        for (size_t i = shape_.size(); i-- > 1;) strides_[i - 1] = strides_[i] * shape_[i];
        storage_ = static_cast<int64_t>(array.size());
        data_ = array_->Data();
        return;
    }
    auto [ptr, shape, strides, offset, dtype, storage] =
        value.cast<std::tuple<uintptr_t, std::vector<int64_t>, std::vector<int64_t>, int64_t, std::string, int64_t>>();
    if (shape.size() != strides.size()) throw py::value_error("device view: shape and strides differ in rank");
    dtype_ = AclDtypeOf(dtype);
    shape_ = std::move(shape);
    strides_ = std::move(strides);
    offset_ = offset;
    storage_ = storage;
    data_ = reinterpret_cast<void*>(ptr);
    view_ = NewHandle();
    if (view_ == nullptr) RaiseAclnnError(kRuntimeError, "aclCreateTensor returned null: " + RecentAclMessage());
}

aclTensor* Operand::NewHandle() const {
    const std::vector<int64_t> storageShape{storage_};
    return aclCreateTensor(shape_.data(), shape_.size(), dtype_, strides_.data(), offset_, ACL_FORMAT_ND,
                           storageShape.data(), 1, data_);
}

Operand::Operand(Operand&& other) noexcept
    : array_(std::move(other.array_)),
      view_(std::exchange(other.view_, nullptr)),
      dtype_(other.dtype_),
      shape_(std::move(other.shape_)),
      strides_(std::move(other.strides_)),
      offset_(other.offset_),
      storage_(other.storage_),
      data_(other.data_) {
    other.array_.reset();
}

Operand::~Operand() {
    if (view_ != nullptr) aclDestroyTensor(view_);
}

void Operand::WriteBack(const py::handle& value) const {
    if (!array_) return;  // a device view: the kernel wrote the caller's memory
    py::array host = py::reinterpret_borrow<py::array>(value);
    array_->Download(host);
}

void CheckAclnn(aclnnStatus status, const char* op) {
    if (status != 0) RaiseAclnnError(static_cast<int64_t>(status), std::string(op) + ": " + RecentAclMessage());
}

void RunAclnn(const char* op, const Phase1& phase1, Phase2 phase2) { RunAclnnOn(op, phase1, phase2, 0); }

void RunAclnnOn(const char* op, const Phase1& phase1, Phase2 phase2, uintptr_t streamHandle) {
    aclrtStream stream = streamHandle != 0 ? reinterpret_cast<aclrtStream>(streamHandle) : Stream();
    uint64_t size = 0;
    aclOpExecutor* executor = nullptr;
    CheckAclnn(phase1(&size, &executor), op);
    DeviceBuffer workspace(size);
    CheckAclnn(phase2(size > 0 ? workspace.Get() : nullptr, size, executor, stream), op);
    CheckAcl(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");  // the workspace is freed next
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
