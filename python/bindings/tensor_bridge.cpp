#include "tensor_bridge.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <utility>

#include "op_api/common/aclnn_context.h"  // Fail; aclGetRecentErrMsg on the twin (CANN declares it in acl.h)
#include "op_host/common/platform.h"

namespace py = pybind11;

namespace ascendops::bridge {
namespace {

constexpr uint64_t kPackedSpanBytes = 1 << 20;  // below this a view's span is uploaded as it is, strides kept

std::string SupportedDtypes() {
    std::string names;
    for (const auto& info : kDataTypes) {
        if (!names.empty()) names += ", ";
        names += info.name;
    }
    return names;
}

py::str DecodeMessage(const char* msg) {
    if (msg == nullptr) msg = "";
    return py::reinterpret_steal<py::str>(
        PyUnicode_DecodeUTF8(msg, static_cast<Py_ssize_t>(std::strlen(msg)), "replace"));
}

// The runtime's recent error message ("" when it has none: CANN's may return null).
std::string RecentMessage() {
    const char* msg = aclGetRecentErrMsg();
    return msg != nullptr ? msg : "";
}

[[noreturn]] void RaiseAclnnError(int64_t code, const py::str& message) {
    py::object cls = py::module_::import("ascendops._errors").attr("AclnnError");
    py::object error = cls(code, message);
    PyErr_SetObject(cls.ptr(), error.ptr());
    throw py::error_already_set();
}

int64_t CheckedNumel(const std::vector<int64_t>& shape) {
    int64_t n = 1;
    for (int64_t d : shape) {
        if (d < 0) throw py::value_error("shape dimension " + std::to_string(d) + " is negative");
        if (d != 0 && n > std::numeric_limits<int64_t>::max() / d) throw py::value_error("shape is too large");
        n *= d;
    }
    return n;
}

// 1 + the last element offset of a view at offset 0 (non-negative strides), saturating at 2^63 - 1; 0 when empty.
int64_t ReachedElements(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides) {
    int64_t last = 0;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == 0) return 0;
        int64_t reach = 0;
        if (__builtin_mul_overflow(shape[i] - 1, std::max<int64_t>(strides[i], 0), &reach) ||
            __builtin_add_overflow(last, reach, &last)) {
            return std::numeric_limits<int64_t>::max();
        }
    }
    return last == std::numeric_limits<int64_t>::max() ? last : last + 1;
}

bool IsNativeOrder(const py::dtype& dtype) {
    const char order = dtype.byteorder();
    return order == '=' || order == '|';
}

}  // namespace

py::dtype NumpyDtype(DataType dtype) {
    const DataTypeInfo* info = FindDataType(dtype);
    if (info == nullptr) {
        throw py::type_error("aclDataType " + std::to_string(static_cast<int>(dtype)) +
                             " is not a dtype of ascendops (supported: " + SupportedDtypes() + ")");
    }
    if (dtype == DataType::kBf16) py::module_::import("ml_dtypes");  // registers "bfloat16" with NumPy
    return py::dtype::from_args(py::str(info->name));
}

DataType DataTypeOf(const py::dtype& dtype) {
    // dtype.name runs Python code inside NumPy: each (type number, size) is named once, a type number being one
    // dtype for the process (NumPy's own, or one ml_dtypes registered). Callers hold the GIL.
    static std::map<std::pair<int, py::ssize_t>, DataType> named;
    const std::pair<int, py::ssize_t> key{dtype.num(), dtype.itemsize()};
    auto it = named.find(key);
    if (it == named.end()) {
        std::string name = py::str(dtype.attr("name"));
        auto type = ParseDataType(name);
        if (!type || DataTypeSize(*type) != static_cast<uint32_t>(dtype.itemsize())) {
            throw py::type_error("dtype " + name + " is not supported by ascendops (supported: " + SupportedDtypes() +
                                 ")");
        }
        it = named.emplace(key, *type).first;
    }
    if (!IsNativeOrder(dtype)) {
        throw py::type_error("dtype " + std::string(py::str(dtype)) + " has non-native byte order");
    }
    return it->second;
}

SocVersion SocArg(const std::string& soc) {
    if (auto version = ParseSoc(soc)) return *version;
    std::string names;
    for (const auto& row : kSocTable) names += std::string(names.empty() ? "" : ", ") + row.name;
    throw py::value_error("unknown soc '" + soc + "': expected one of " + names);
}

Platform PlatformArg(const std::string& soc, int64_t coreNum) {
    auto platform = CheckedPlatform(SocArg(soc), coreNum);
    if (!platform) Raise(platform.error());
    return *platform;
}

DataType DataTypeFromPy(const py::handle& dtypeLike) {
    if (py::isinstance<py::str>(dtypeLike) && py::str(dtypeLike).cast<std::string>() == "bfloat16") {
        py::module_::import("ml_dtypes");
    }
    py::dtype dtype;
    try {
        dtype = py::dtype::from_args(py::reinterpret_borrow<py::object>(dtypeLike));
    } catch (py::error_already_set&) {
        throw py::type_error("dtype " + std::string(py::repr(dtypeLike)) +
                             " is not a dtype (supported: " + SupportedDtypes() + ")");
    }
    return DataTypeOf(dtype);
}

void CheckUpdatable(const py::array& host, const char* name) {
    const bool updatable = (host.flags() & py::array::c_style) != 0 && host.writeable() && IsNativeOrder(host.dtype());
    if (!updatable) {
        throw py::value_error(std::string(name) +
                              " must be a writeable, C-contiguous array in native byte order: it is updated in place");
    }
    DataTypeOf(host.dtype());
}

void CheckAclnn(aclnnStatus status) {
    if (status == 0) return;
    RaiseAclnnError(static_cast<int64_t>(status), DecodeMessage(aclGetRecentErrMsg()));
}

void Raise(const Error& error) {
    RaiseAclnnError(static_cast<int64_t>(Fail(error)), DecodeMessage(error.message.c_str()));
}

void RaiseRuntimeError(const std::string& message) {
    RaiseAclnnError(static_cast<int64_t>(Status::kRuntimeError), DecodeMessage(message.c_str()));
}

void CheckAcl(aclError error, const char* what) {
    if (error == 0) return;
    std::string message = std::string(what) + " failed: aclError " + std::to_string(error);
    const std::string recent = RecentMessage();
    if (!recent.empty()) message += ": " + recent;
    RaiseRuntimeError(message);
}

DeviceBuffer::DeviceBuffer(uint64_t bytes) : bytes_(bytes) {
    if (bytes == 0) return;
    CheckAcl(aclrtMalloc(&ptr_, bytes, ACL_MEM_MALLOC_HUGE_FIRST),
             ("aclrtMalloc(" + std::to_string(bytes) + " bytes)").c_str());
}

DeviceBuffer DeviceBuffer::Upload(const void* host, uint64_t bytes) {
    DeviceBuffer b;
    b.bytes_ = bytes;
    if (bytes > 0) b.ptr_ = UploadCopy(host, bytes);
    return b;
}

void* DeviceBuffer::Release() {
    bytes_ = 0;
    return std::exchange(ptr_, nullptr);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : ptr_(std::exchange(other.ptr_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
    if (this != &other) {
        if (ptr_ != nullptr) aclrtFree(ptr_);
        ptr_ = std::exchange(other.ptr_, nullptr);
        bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
}

DeviceBuffer::~DeviceBuffer() {
    if (ptr_ != nullptr) aclrtFree(ptr_);
}

DeviceTensor::DeviceTensor(DeviceTensor&& other) noexcept
    : storage_(std::move(other.storage_)),
      tensor_(std::exchange(other.tensor_, nullptr)),
      dtype_(other.dtype_),
      shape_(std::move(other.shape_)),
      strides_(std::move(other.strides_)),
      offset_(other.offset_),
      storageElements_(other.storageElements_) {}

DeviceTensor& DeviceTensor::operator=(DeviceTensor&& other) noexcept {
    if (this != &other) {
        if (tensor_ != nullptr) aclDestroyTensor(tensor_);
        storage_ = std::move(other.storage_);
        tensor_ = std::exchange(other.tensor_, nullptr);
        dtype_ = other.dtype_;
        shape_ = std::move(other.shape_);
        strides_ = std::move(other.strides_);
        offset_ = other.offset_;
        storageElements_ = other.storageElements_;
    }
    return *this;
}

DeviceTensor::~DeviceTensor() {
    if (tensor_ != nullptr) aclDestroyTensor(tensor_);
}

bool DeviceTensor::Dense() const {
    bool dense = offset_ == 0 && storageElements_ == CheckedNumel(shape_);
    int64_t expected = 1;
    for (std::size_t i = shape_.size(); dense && i-- > 0;) {
        if (shape_[i] != 1 && strides_[i] != expected) dense = false;
        expected *= shape_[i];
    }
    return dense;
}

aclTensor* DeviceTensor::NewHandle() const {
    // A dense view is described as CANN's samples do (storage shape = view shape); any other view has a flat
    // storage of storageElements_ elements.
    const bool dense = Dense();
    std::vector<int64_t> storageShape = dense ? shape_ : std::vector<int64_t>{storageElements_};
    return aclCreateTensor(shape_.data(), shape_.size(), static_cast<aclDataType>(dtype_), strides_.data(), offset_,
                           ACL_FORMAT_ND, storageShape.data(), storageShape.size(), storage_.Get());
}

void DeviceTensor::CreateView() {
    tensor_ = NewHandle();
    if (tensor_ == nullptr) {
        RaiseRuntimeError(std::string("aclCreateTensor returned null: ") + RecentMessage());
    }
}

DeviceTensor DeviceTensor::FromArray(const py::array& input) {
    py::module_ np = py::module_::import("numpy");
    py::array array = input;
    if (!IsNativeOrder(array.dtype())) {
        array = py::array(array.attr("astype")(array.dtype().attr("newbyteorder")("=")));
    }
    DeviceTensor t;
    t.dtype_ = DataTypeOf(array.dtype());
    const int64_t item = array.itemsize();
    bool needsCopy = false;
    for (py::ssize_t i = 0; i < array.ndim(); ++i) {
        if (array.strides(i) < 0 || array.strides(i) % item != 0) needsCopy = true;
    }
    // A view spread thin over a large array (its span beyond twice its bytes and 1 MiB) is packed first, so an
    // upload never costs more than max(2 x the view, 1 MiB); any other view keeps its strides.
    if (!needsCopy && array.ndim() > 0 && array.size() > 0) {
        uint64_t span = static_cast<uint64_t>(item);
        for (py::ssize_t i = 0; i < array.ndim(); ++i) span += (array.shape(i) - 1) * array.strides(i);
        const uint64_t bytes = static_cast<uint64_t>(array.nbytes());
        needsCopy = span > std::max<uint64_t>(2 * bytes, kPackedSpanBytes);
    }
    if (needsCopy) array = py::array(np.attr("ascontiguousarray")(array));

    const auto ndim = static_cast<std::size_t>(array.ndim());
    t.shape_.assign(array.shape(), array.shape() + ndim);
    t.strides_.resize(ndim);
    for (std::size_t i = 0; i < ndim; ++i) t.strides_[i] = array.strides()[i] / item;
    const int64_t numel = CheckedNumel(t.shape_);
    if (numel == 0) {  // nothing to copy: an empty tensor without storage, as op_api's empty-tensor path expects
        t.CreateView();
        return t;
    }
    // The bytes the view touches: [lo, hi).
    const auto* lo = static_cast<const uint8_t*>(array.data());
    const uint8_t* hi = lo + item;
    for (std::size_t i = 0; i < ndim; ++i) hi += (t.shape_[i] - 1) * array.strides()[i];
    // Storage: exactly the bytes the view spans (never the rest of the array it views), so the upload costs what
    // the view holds; the view starts the storage (offset 0) and keeps its strides.
    t.offset_ = 0;
    t.storageElements_ = (hi - lo) / item;
    t.storage_ = DeviceBuffer::Upload(lo, static_cast<uint64_t>(hi - lo));
    t.CreateView();
    return t;
}

DeviceTensor DeviceTensor::Empty(const std::vector<int64_t>& shape, DataType dtype) {
    DeviceTensor t;
    t.dtype_ = dtype;
    t.shape_ = shape;
    const int64_t numel = CheckedNumel(shape);
    const uint32_t item = DataTypeSize(dtype);
    if (item == 0) NumpyDtype(dtype);  // raises TypeError naming the supported dtypes
    if (numel > std::numeric_limits<int64_t>::max() / item) throw py::value_error("shape is too large");
    t.strides_.resize(shape.size());
    int64_t stride = 1;
    for (std::size_t i = shape.size(); i-- > 0;) {
        t.strides_[i] = stride;
        stride *= std::max<int64_t>(shape[i], 1);
    }
    t.storageElements_ = numel;
    t.storage_ = DeviceBuffer(static_cast<uint64_t>(numel) * item);
    t.CreateView();
    return t;
}

DeviceTensor DeviceTensor::Probe(const std::vector<int64_t>& shape, DataType dtype,
                                 const std::vector<int64_t>& strides) {
    constexpr uint64_t kPlaceholderBytes = 32;  // phase 1 records the address, never reads or writes it
    if (!strides.empty() && strides.size() != shape.size())
        throw py::value_error("strides must match the shape's rank");
    DeviceTensor t;
    t.dtype_ = dtype;
    t.shape_ = shape;
    t.strides_ = strides;
    if (strides.empty()) {
        t.strides_.assign(shape.size(), 1);
        int64_t stride = 1;  // saturating: op_api names a shape beyond 2^63 - 1 bytes itself
        for (std::size_t i = shape.size(); i-- > 0;) {
            t.strides_[i] = stride;
            const int64_t d = std::max<int64_t>(shape[i], 1);
            stride =
                stride > std::numeric_limits<int64_t>::max() / d ? std::numeric_limits<int64_t>::max() : stride * d;
        }
    }
    t.storage_ = DeviceBuffer(kPlaceholderBytes);
    // The storage a real tensor of this view has (here and in NewHandle's list handles): its shape when dense, else
    // the elements its strides reach.
    t.storageElements_ = ReachedElements(shape, t.strides_);
    std::vector<int64_t> storageShape = shape;
    if (!strides.empty()) storageShape = {t.storageElements_};
    t.tensor_ = aclCreateTensor(shape.data(), shape.size(), static_cast<aclDataType>(dtype), t.strides_.data(), 0,
                                ACL_FORMAT_ND, storageShape.data(), storageShape.size(), t.storage_.Get());
    if (t.tensor_ == nullptr) {
        RaiseRuntimeError(std::string("aclCreateTensor returned null: ") + RecentMessage());
    }
    return t;
}

DeviceTensor DeviceTensor::ProbeOf(const py::handle& spec) {
    const auto parts = spec.cast<py::tuple>();
    if (parts.size() != 3) throw py::value_error("a tensor spec is (shape, strides, dtype)");
    return Probe(parts[0].cast<std::vector<int64_t>>(), DataTypeFromPy(parts[2]),
                 parts[1].cast<std::vector<int64_t>>());
}

py::array DeviceTensor::ToArray() const {
    py::dtype dtype = NumpyDtype(dtype_);
    std::vector<py::ssize_t> shape(shape_.begin(), shape_.end());
    // A dense view downloads straight into the array returned; any other view into its storage, then one copy.
    const bool dense = Dense();
    py::array host = dense ? py::array(dtype, shape)
                           : py::array(dtype, std::vector<py::ssize_t>{static_cast<py::ssize_t>(storageElements_)});
    if (storage_.Bytes() > 0) {
        CheckAcl(aclrtMemcpy(host.mutable_data(), storage_.Bytes(), storage_.Get(), storage_.Bytes(),
                             ACL_MEMCPY_DEVICE_TO_HOST),
                 "aclrtMemcpy device to host");
    }
    if (dense) return host;
    const int64_t item = dtype.itemsize();
    std::vector<py::ssize_t> byteStrides(strides_.size());
    for (std::size_t i = 0; i < strides_.size(); ++i) byteStrides[i] = strides_[i] * item;
    const void* first = storage_.Bytes() > 0 ? static_cast<const uint8_t*>(host.data()) + offset_ * item : host.data();
    py::array view(dtype, shape, byteStrides, first, host);
    return view.attr("copy")().cast<py::array>();  // C-contiguous, owns its data
}

py::array DeviceTensor::TakeArray() {
    if (!Dense() || storage_.Bytes() == 0) return ToArray();
    py::dtype dtype = NumpyDtype(dtype_);
    std::vector<py::ssize_t> shape(shape_.begin(), shape_.end());
    void* block = HandToHost(storage_.Get());
    if (block == nullptr) return ToArray();
    py::capsule owner(block, [](void* b) { FreeHostBlock(b); });
    return py::array(dtype, shape, storage_.Release(), owner);
}

void DeviceTensor::CopyBackInto(py::array& host) const {
    CheckUpdatable(host, "the array to update");
    const bool same = static_cast<uint64_t>(host.nbytes()) == storage_.Bytes() && DataTypeOf(host.dtype()) == dtype_;
    if (!same) throw py::value_error("the array to update must be the array uploaded");
    if (storage_.Bytes() == 0) return;
    CheckAcl(
        aclrtMemcpy(host.mutable_data(), storage_.Bytes(), storage_.Get(), storage_.Bytes(), ACL_MEMCPY_DEVICE_TO_HOST),
        "aclrtMemcpy device to host");
}

DeviceTensorList::DeviceTensorList(const std::vector<DeviceTensor>& tensors) {
    std::vector<aclTensor*> handles;
    for (const DeviceTensor& t : tensors) handles.push_back(t.NewHandle());
    list_ = aclCreateTensorList(handles.data(), handles.size());
    if (list_ == nullptr) {
        for (aclTensor* h : handles) aclDestroyTensor(h);
        RaiseRuntimeError("aclCreateTensorList returned null");
    }
}

DeviceTensorList::~DeviceTensorList() {
    if (list_ != nullptr) aclDestroyTensorList(list_);
}

}  // namespace ascendops::bridge
