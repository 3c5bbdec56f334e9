// The NPU backend's device layer, on the ACL runtime API only (acl/acl.h): one device per process (aclInit once,
// aclrtSetDevice on each calling thread, one stream), device buffers with host<->device copies, device-event timing,
// and dlopen of aclnn libraries. Compiled only with the CANN toolkit: never built or run in this repository's CI
// (scripts/check_npu_host.sh compile-checks it against the real ACL headers). Call order as in the single-operator
// API guide (asc-devkit docs/zh/guide/编程指南/高级编程/Aclnn算子工程化开发/调用/单算子API调用.md).
#pragma once
#include <cstdint>
#include <string>

#include "acl/acl.h"

namespace ascendops::npu {

constexpr int64_t kRuntimeError = 361001;  // ACLNN_ERR_RUNTIME_ERROR (ascendc_sim/platform/status.h)

// Raises ascendops.AclnnError(code, message) (a Python exception; pybind11 must be initialised).
[[noreturn]] void RaiseAclnnError(int64_t code, const std::string& message);
void CheckAcl(aclError error, const char* what);  // non-zero -> AclnnError 361001 with the runtime's message
std::string RecentAclMessage();                   // aclGetRecentErrMsg(), the runtime's own

uint32_t DeviceCount();                    // aclrtGetDeviceCount after aclInit; 0 when the driver reports none
std::string OpenDevice(int32_t deviceId);  // the device's SoC name (aclrtGetSocName); null name -> error
aclrtStream Stream();                      // the open device's stream

// dlopen(RTLD_LOCAL) of an aclnn library and its symbols; raises with the dlerror text.
void* OpenLibrary(const std::string& path);
void* Symbol(void* library, const char* symbol);

// Device memory of `bytes` (at least one byte: aclrtMalloc rejects 0), freed on destruction.
class DeviceBuffer {
public:
    explicit DeviceBuffer(uint64_t bytes);
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& other) noexcept;
    ~DeviceBuffer();
    void* Get() const { return ptr_; }
    uint64_t Bytes() const { return bytes_; }
    void CopyFromHost(const void* host);  // Bytes() bytes
    void CopyToHost(void* host) const;

private:
    void* ptr_ = nullptr;
    uint64_t bytes_ = 0;
};

// Two events on Stream(): Start() and Stop() bracket submitted work; ElapsedUs() waits for Stop and returns the time
// between them (aclrtEventElapsedTime, milliseconds -> microseconds).
class EventTimer {
public:
    EventTimer();
    EventTimer(const EventTimer&) = delete;
    EventTimer& operator=(const EventTimer&) = delete;
    ~EventTimer();
    void Start();
    void Stop();
    double ElapsedUs();

private:
    aclrtEvent start_ = nullptr;
    aclrtEvent stop_ = nullptr;
};

}  // namespace ascendops::npu
