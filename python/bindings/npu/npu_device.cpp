#include "npu_device.h"

#include <dlfcn.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <mutex>
#include <utility>

namespace py = pybind11;

namespace ascendops::npu {
namespace {

struct Device {
    std::mutex mutex;
    bool aclReady = false;
    int32_t id = -1;
    aclrtStream stream = nullptr;
    std::string soc;
};

Device& TheDevice() {
    static Device device;
    return device;
}

void InitAcl(Device& d) {
    if (d.aclReady) return;
    const aclError e = aclInit(nullptr);
    // ACL_ERROR_REPEAT_INITIALIZE (acl/acl_base_rt.h): another library of the process (e.g. torch_npu) came first.
    if (e != ACL_SUCCESS && e != ACL_ERROR_REPEAT_INITIALIZE) CheckAcl(e, "aclInit");
    d.aclReady = true;
}

}  // namespace

void RaiseAclnnError(int64_t code, const std::string& message) {
    py::object cls = py::module_::import("ascendops._errors").attr("AclnnError");
    py::object error = cls(code, py::str(message));
    PyErr_SetObject(cls.ptr(), error.ptr());
    throw py::error_already_set();
}

std::string RecentAclMessage() {
    const char* msg = aclGetRecentErrMsg();
    return msg != nullptr ? std::string(msg) : std::string();
}

void CheckAcl(aclError error, const char* what) {
    if (error == ACL_SUCCESS) return;
    std::string message = std::string(what) + " failed: aclError " + std::to_string(error);
    const std::string recent = RecentAclMessage();
    if (!recent.empty()) message += ": " + recent;
    RaiseAclnnError(kRuntimeError, message);
}

uint32_t DeviceCount() {
    Device& d = TheDevice();
    std::lock_guard<std::mutex> lock(d.mutex);
    InitAcl(d);
    uint32_t count = 0;
    return aclrtGetDeviceCount(&count) == ACL_SUCCESS ? count : 0;
}

std::string OpenDevice(int32_t deviceId) {
    Device& d = TheDevice();
    std::lock_guard<std::mutex> lock(d.mutex);
    if (d.id >= 0 && d.id != deviceId) {
        throw py::value_error("device_id " + std::to_string(deviceId) + ": this process already uses NPU device " +
                              std::to_string(d.id) + " (one device per process)");
    }
    InitAcl(d);
    thread_local bool setOnThisThread = false;  // aclrtSetDevice binds the device to the calling thread
    if (!setOnThisThread) {
        CheckAcl(aclrtSetDevice(deviceId), ("aclrtSetDevice(" + std::to_string(deviceId) + ")").c_str());
        setOnThisThread = true;
    }
    if (d.id < 0) {
        const char* name = aclrtGetSocName();
        if (name == nullptr || name[0] == '\0') {  // never guess a SoC: the tilings depend on it
            RaiseAclnnError(kRuntimeError, "aclrtGetSocName returned no name for NPU device " +
                                               std::to_string(deviceId) + ": cannot tell which SoC it is");
        }
        CheckAcl(aclrtCreateStream(&d.stream), "aclrtCreateStream");
        d.soc = name;
        d.id = deviceId;
    }
    return d.soc;
}

aclrtStream Stream() { return TheDevice().stream; }

void* OpenLibrary(const std::string& path) {
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char* why = dlerror();
        RaiseAclnnError(kRuntimeError, "cannot load " + path + ": " + (why != nullptr ? why : "unknown dlopen error"));
    }
    return handle;
}

void* Symbol(void* library, const char* symbol) {
    void* fn = dlsym(library, symbol);
    if (fn == nullptr) RaiseAclnnError(kRuntimeError, std::string("the aclnn library has no ") + symbol);
    return fn;
}

DeviceBuffer::DeviceBuffer(uint64_t bytes) : bytes_(bytes) {
    CheckAcl(aclrtMalloc(&ptr_, std::max<uint64_t>(bytes, 1), ACL_MEM_MALLOC_HUGE_FIRST),
             ("aclrtMalloc(" + std::to_string(bytes) + " bytes)").c_str());
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : ptr_(std::exchange(other.ptr_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

DeviceBuffer::~DeviceBuffer() {
    if (ptr_ != nullptr) aclrtFree(ptr_);
}

void DeviceBuffer::CopyFromHost(const void* host) {
    if (bytes_ == 0) return;
    CheckAcl(aclrtMemcpy(ptr_, bytes_, host, bytes_, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy host->device");
}

void DeviceBuffer::CopyToHost(void* host) const {
    if (bytes_ == 0) return;
    CheckAcl(aclrtMemcpy(host, bytes_, ptr_, bytes_, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy device->host");
}

EventTimer::EventTimer() {
    CheckAcl(aclrtCreateEvent(&start_), "aclrtCreateEvent");
    CheckAcl(aclrtCreateEvent(&stop_), "aclrtCreateEvent");
}

EventTimer::~EventTimer() {
    if (start_ != nullptr) aclrtDestroyEvent(start_);
    if (stop_ != nullptr) aclrtDestroyEvent(stop_);
}

void EventTimer::Start() { CheckAcl(aclrtRecordEvent(start_, Stream()), "aclrtRecordEvent"); }
void EventTimer::Stop() { CheckAcl(aclrtRecordEvent(stop_, Stream()), "aclrtRecordEvent"); }

double EventTimer::ElapsedUs() {
    CheckAcl(aclrtSynchronizeEvent(stop_), "aclrtSynchronizeEvent");
    float ms = 0.0f;
    CheckAcl(aclrtEventElapsedTime(&ms, start_, stop_), "aclrtEventElapsedTime");
    return 1000.0 * static_cast<double>(ms);
}

}  // namespace ascendops::npu
