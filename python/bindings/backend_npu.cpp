// The NPU's side of the backend seam (backend.h), in ascendops._C_npu only (built with CANN's headers, linked with
// its ACL runtime): one device per process, opened once (aclInit, aclrtSetDevice on each calling thread, one
// stream), as the single-operator API guide orders the calls (asc-devkit docs/zh/guide/编程指南/高级编程/
// Aclnn算子工程化开发/调用/单算子API调用.md). Device memory and copies are tensor_bridge.cpp's (aclrtMalloc,
// aclrtMemcpy). Never run in this repository: no machine of the project has an Ascend device.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <mutex>
#include <string>

#include "backend.h"
#include "tensor_bridge.h"

namespace py = pybind11;
using namespace py::literals;

namespace ascendops::bridge {

void BindDeviceBench(py::module_& m);  // npu_bench.cpp

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

uint32_t DeviceCount() {
    Device& d = TheDevice();
    std::lock_guard<std::mutex> lock(d.mutex);
    InitAcl(d);
    uint32_t count = 0;
    return aclrtGetDeviceCount(&count) == ACL_SUCCESS ? count : 0;
}

// Opens NPU `deviceId` for the calling thread and returns its SoC name (aclrtGetSocName); one device per process.
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
            RaiseRuntimeError("aclrtGetSocName returned no name for NPU device " + std::to_string(deviceId) +
                              ": cannot tell which SoC it is");
        }
        CheckAcl(aclrtCreateStream(&d.stream), "aclrtCreateStream");
        d.soc = name;
        d.id = deviceId;
    }
    return d.soc;
}

}  // namespace

aclrtStream Stream() { return TheDevice().stream; }

void* UploadCopy(const void* host, uint64_t bytes) {
    void* p = nullptr;
    CheckAcl(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST),
             ("aclrtMalloc(" + std::to_string(bytes) + " bytes)").c_str());
    const aclError copied = aclrtMemcpy(p, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    if (copied != ACL_SUCCESS) aclrtFree(p);
    CheckAcl(copied, "aclrtMemcpy host to device");
    return p;
}

void* HandToHost(void*) { return nullptr; }  // device memory is not the host's

void FreeHostBlock(void*) {}

void BindBackend(py::module_& m) {
    m.def("device_count", &DeviceCount, "aclrtGetDeviceCount (0: the driver reports no device)");
    m.def("open_device", &OpenDevice, "device_id"_a,
          "aclInit once, aclrtSetDevice on this thread, one stream; returns the device's SoC name");
    BindDeviceBench(m);
}

}  // namespace ascendops::bridge
