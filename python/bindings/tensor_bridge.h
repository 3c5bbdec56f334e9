// The one bridge between NumPy and aclnn that every per-operator binding uses, on both backends (backend.h): the
// ACL calls below are the twin's runtime in ascendops._C and CANN's in ascendops._C_npu.
//   NumPy array -> DeviceTensor (device copy + aclTensor with the array's shape, strides and offset),
//   DeviceTensor -> new NumPy array, dtype mapping through ascendc_sim/platform/dtype.h (kDataTypes),
//   aclnn status -> ascendops.AclnnError, and the two-phase aclnn call.
// A per-operator binding is then a few lines:
//   auto x = DeviceTensor::FromArray(xArray);
//   auto y = DeviceTensor::Empty(x.Shape(), DataTypeFromPy(dtype));
//   CallAclnn([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAscendopsCastGetWorkspaceSize(x, dt, y, ws, ex); },
//             aclnnAscendopsCast);
//   return y.ToArray();
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "backend.h"
#include "op_host/common/key_names.h"
#include "op_host/common/platform.h"

namespace ascendops::bridge {

// An operator's key-name table as {tiling key: name}: what ascendops.ops.<op> derives its key names from.
template <typename Key, size_t N>
pybind11::dict KeyNameDict(const KeyName<Key> (&table)[N]) {
    pybind11::dict d;
    for (const auto& k : table) d[pybind11::int_(static_cast<uint64_t>(k.key))] = k.name;
    return d;
}

// The two key entries of every tiling dict: "key" (the name) and "tiling_key" (the number).
template <typename Key, size_t N>
void AddKey(pybind11::dict& d, const KeyName<Key> (&table)[N], uint64_t tilingKey) {
    d["key"] = NameOfKey(table, tilingKey);
    d["tiling_key"] = tilingKey;
}

// NumPy dtype of a package dtype (bfloat16 through ml_dtypes). TypeError for a dtype outside kDataTypes.
pybind11::dtype NumpyDtype(DataType dtype);
// Package dtype of a NumPy dtype; TypeError naming the supported dtypes otherwise (also for non-native byte order).
DataType DataTypeOf(const pybind11::dtype& dtype);
// Package dtype of anything np.dtype() accepts ("int8", np.float16, ml_dtypes.bfloat16, ...).
DataType DataTypeFromPy(const pybind11::handle& dtypeLike);

// The platform of a SoC name and core count: ValueError for an unknown SoC, AclnnError 161002 for a core count
// outside its bounds (ascendops::CheckedPlatform).
Platform PlatformArg(const std::string& soc, int64_t coreNum);
// The SoC of a name; ValueError naming the known SoCs otherwise.
SocVersion SocArg(const std::string& soc);

// Raises ValueError unless `host` can take an in-place result as it is (DeviceTensor::CopyBackInto): a writeable,
// C-contiguous array of a package dtype in native byte order. Called before anything is uploaded.
void CheckUpdatable(const pybind11::array& host, const char* name);

// Raises ascendops.AclnnError(status, aclGetRecentErrMsg()) unless status is 0.
void CheckAclnn(aclnnStatus status);
// Records `error` as an aclnn call does (Fail) and raises ascendops.AclnnError(error.code, error.message): the
// binding's own message on either backend (CANN's recent message is the runtime's, not ours).
[[noreturn]] void Raise(const Error& error);
// Raises ascendops.AclnnError(361001, "<what> failed: aclError <error>: <recent message>") unless error is 0.
void CheckAcl(aclError error, const char* what);
// Raises ascendops.AclnnError(361001, message): a runtime failure outside an aclnn call.
[[noreturn]] void RaiseRuntimeError(const std::string& message);

// Device memory (aclrtMalloc/aclrtFree), move-only. Zero bytes: no allocation, Get() is nullptr.
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(uint64_t bytes);
    // Device memory holding a copy of `bytes` host bytes (UploadCopy, backend.h).
    static DeviceBuffer Upload(const void* host, uint64_t bytes);
    DeviceBuffer(DeviceBuffer&& other) noexcept;
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    ~DeviceBuffer();

    void* Get() const { return ptr_; }
    uint64_t Bytes() const { return bytes_; }
    // Gives up the memory without freeing it (it was handed on); the buffer is then empty.
    void* Release();

private:
    void* ptr_ = nullptr;
    uint64_t bytes_ = 0;
};

// A device tensor: storage in device memory plus its aclTensor view (ND format). Shape, strides and offset are
// in elements, as aclCreateTensor takes them. Move-only; destroys the aclTensor and frees the memory.
class DeviceTensor {
public:
    // Copies `array` to the device: the bytes its view spans, from its first element to its last (not the rest of
    // the array it views). A strided view keeps its strides, so op_api sees a real non-contiguous aclTensor, unless
    // its span exceeds max(2 x its bytes, 1 MiB): then a packed copy goes up (the cost stays that of the view).
    // Negative or non-element-multiple strides are first copied to a C-contiguous array too.
    static DeviceTensor FromArray(const pybind11::array& array);
    // A C-contiguous output tensor; its memory holds the twin's fresh pattern (not zeros), as on hardware.
    static DeviceTensor Empty(const std::vector<int64_t>& shape, DataType dtype);
    // A tensor's stand-in for a phase-1 check (CheckBeforeAllocating): the view of `shape` (C-contiguous, or with
    // `strides` in elements) over a one-block placeholder, so op_api applies every rule to the real metadata
    // without memory for it: an output before its allocation, a fake tensor's description. Never run.
    static DeviceTensor Probe(const std::vector<int64_t>& shape, DataType dtype,
                              const std::vector<int64_t>& strides = {});
    // The Probe of a (shape, strides, dtype) tuple, as the torch front describes a (fake) tensor.
    static DeviceTensor ProbeOf(const pybind11::handle& spec);

    DeviceTensor(DeviceTensor&& other) noexcept;
    DeviceTensor& operator=(DeviceTensor&& other) noexcept;
    DeviceTensor(const DeviceTensor&) = delete;
    DeviceTensor& operator=(const DeviceTensor&) = delete;
    ~DeviceTensor();

    aclTensor* Get() const { return tensor_; }
    operator aclTensor*() const { return tensor_; }  // NOLINT: passes straight into aclnn calls

    DataType Dtype() const { return dtype_; }
    const std::vector<int64_t>& Shape() const { return shape_; }
    const std::vector<int64_t>& Strides() const { return strides_; }
    int64_t Offset() const { return offset_; }
    int64_t StorageElements() const { return storageElements_; }
    void* Data() const { return storage_.Get(); }

    // A new C-contiguous NumPy array with the view's values (copied back from the device).
    pybind11::array ToArray() const;
    // ToArray for a result the caller is done with: a dense view's memory becomes the array's where the backend can
    // hand it to the host (HandToHost, backend.h: no copy), and the tensor's storage is then gone.
    pybind11::array TakeArray();
    // Copies the storage back into `host`, the array it was uploaded from (FromArray; CheckUpdatable holds): one
    // device-to-host copy, for a tensor the operator updates in place. ValueError for any other array.
    void CopyBackInto(pybind11::array& host) const;
    // A second aclTensor handle over the same view, owned by the caller (e.g. by an aclTensorList).
    aclTensor* NewHandle() const;

private:
    DeviceTensor() = default;
    void CreateView();
    // No offset, C-contiguous strides, over exactly its storage.
    bool Dense() const;

    DeviceBuffer storage_;
    aclTensor* tensor_ = nullptr;
    DataType dtype_ = DataType::kFloat;
    std::vector<int64_t> shape_;
    std::vector<int64_t> strides_;
    int64_t offset_ = 0;
    int64_t storageElements_ = 0;
};

// An aclTensorList over device tensors (its own handles; the tensors keep their storage). Move-only.
class DeviceTensorList {
public:
    explicit DeviceTensorList(const std::vector<DeviceTensor>& tensors);
    DeviceTensorList(const DeviceTensorList&) = delete;
    DeviceTensorList& operator=(const DeviceTensorList&) = delete;
    ~DeviceTensorList();
    operator aclTensorList*() const { return list_; }  // NOLINT: passes straight into aclnn calls

private:
    aclTensorList* list_ = nullptr;
};

// Runs both aclnn phases: getWorkspaceSize(&workspaceSize, &executor), allocates the workspace, then
// run(workspace, workspaceSize, executor, Stream()) with the GIL released, and waits for the stream (the workspace
// is freed next).
// Raises AclnnError on a non-zero status of either phase.
template <typename Phase1, typename Phase2>
void CallAclnn(Phase1&& getWorkspaceSize, Phase2&& run) {
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    CheckAclnn(getWorkspaceSize(&workspaceSize, &executor));
    DeviceBuffer workspace(workspaceSize);
    aclnnStatus status = 0;
    aclError synced = 0;
    {
        pybind11::gil_scoped_release release;  // the twin runs the kernel on blockDim threads; the NPU waits
        status = run(workspace.Get(), workspaceSize, executor, Stream());
        if (status == 0) synced = aclrtSynchronizeStream(Stream());
    }
    CheckAclnn(status);
    CheckAcl(synced, "aclrtSynchronizeStream");
}

// Releases an executor that will not run, as CANN's callers do (aclDestroyAclOpExecutor); a failed phase 1 left none.
inline void ReleaseUnrun(aclOpExecutor* executor) {
    if (executor != nullptr) aclDestroyAclOpExecutor(executor);
}

// Phase 1 alone, its executor released unrun: an operator whose output shapes come from its inputs calls it with
// Probe outputs first, so a call that breaks a rule is rejected before the outputs are allocated.
template <typename Phase1>
void CheckBeforeAllocating(Phase1&& getWorkspaceSize) {
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus status = getWorkspaceSize(&workspaceSize, &executor);
    ReleaseUnrun(executor);
    CheckAclnn(status);
}

// Median wall time, in microseconds, of `repeats` phase-1 calls getWorkspaceSize(&workspaceSize, &executor)
// (the host overhead of an aclnn call: checks + tiling + executor). The executors are released unrun.
template <typename Phase1>
double MedianPhase1Us(int repeats, Phase1&& getWorkspaceSize) {
    std::vector<double> us;
    for (int i = 0; i < repeats; ++i) {
        uint64_t workspaceSize = 0;
        aclOpExecutor* executor = nullptr;
        const auto t0 = std::chrono::steady_clock::now();
        const aclnnStatus status = getWorkspaceSize(&workspaceSize, &executor);
        const auto t1 = std::chrono::steady_clock::now();
        ReleaseUnrun(executor);
        CheckAclnn(status);
        us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    if (us.empty()) return 0.0;
    std::nth_element(us.begin(), us.begin() + us.size() / 2, us.end());
    return us[us.size() / 2];
}

}  // namespace ascendops::bridge
