#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "sim/device_handoff.h"
#include "sim/device_memory.h"
#include "sim/gm_definedness.h"
#include "sim/l2_reuse.h"
#include "sim/sim_device.h"

namespace {

struct Stream {
    bool failed = false;  // a kernel launched on it failed (its error was printed); aclrtSynchronizeStream says so
};

struct Context {
    int32_t device = 0;
};

// A device range must lie inside one allocation.
bool IsDevice(const void* p, size_t bytes) { return ascendc_sim::FindAllocation(p, bytes).has_value(); }

// Device id -> platform; entries are never changed or removed, so an id means one device for the process's life.
// Its size is bounded by the core counts CheckedPlatform admits (one entry per SoC row and count).
struct DeviceRegistry {
    std::mutex mu;
    std::vector<ascendc_sim::Platform> devices;

    DeviceRegistry() {
        for (const auto& row : ascendc_sim::kSocTable) devices.push_back(ascendc_sim::Platform::Of(row.version));
    }
};

DeviceRegistry& Registry() {
    static DeviceRegistry registry;
    return registry;
}

thread_local int32_t currentDevice = 0;
thread_local int32_t vectorCoreLimit = -1;  // SetVectorCoreLimit; -1: the device's own Vector Cores

// Device memory of one device, [SoCInfo] memory_size of the platform configs: the variant's where the SoC table
// lists it (ascend950), else Ascend310P3.ini 24000000000, Ascend910B2.ini and Ascend910_9391.ini 68719476736 (64 GiB).
uint64_t DeviceMemoryBytes(const ascendc_sim::Platform& p) {
    if (const uint64_t bytes = ascendc_sim::VariantMemoryBytes(p.soc->version, p.coreNum)) return bytes;
    return p.soc->version == ascendc_sim::SocVersion::kAscend310P ? uint64_t{24000000000} : uint64_t{68719476736};
}

}  // namespace

namespace ascendc_sim {

std::optional<ascendc_sim::Platform> DevicePlatform(int32_t deviceId) {
    DeviceRegistry& r = Registry();
    std::lock_guard<std::mutex> lock(r.mu);
    if (deviceId < 0 || static_cast<size_t>(deviceId) >= r.devices.size()) return std::nullopt;
    return r.devices[deviceId];
}

ascendc_sim::Platform CurrentDevicePlatform() {
    ascendc_sim::Platform p = *DevicePlatform(currentDevice);
    if (vectorCoreLimit >= 0) p.mixVectorCoreNum = std::min<uint32_t>(p.mixVectorCoreNum, vectorCoreLimit);
    return p;
}

void SetVectorCoreLimit(int32_t count) { vectorCoreLimit = count < 0 ? -1 : count; }

}  // namespace ascendc_sim

namespace {

// `allocate()` unless `size` more bytes exceed the current device's memory, counting every live allocation of the
// process (the twin's devices share one pool), or what the host can hold; the recent error says which.
template <typename Allocate>
aclError MallocChecked(void** devPtr, size_t size, const char* api, Allocate allocate) {
    if (devPtr == nullptr) return ACL_ERROR_INVALID_PARAM;
    const ascendc_sim::Platform platform = ascendc_sim::CurrentDevicePlatform();
    const ascendc_sim::SocInfo& soc = *platform.soc;
    const uint64_t memory = DeviceMemoryBytes(platform);
    const uint64_t live = ascendc_sim::LiveDeviceBytes();
    if (live > memory || size > memory - live) {
        aclrtSimSetRecentErrMsg((std::string(api) + ": " + std::to_string(size) + " bytes do not fit in the " +
                                 std::to_string(memory) + " bytes of device memory of " + soc.name + " (" +
                                 std::to_string(live) + " in use)")
                                    .c_str());
        *devPtr = nullptr;
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    *devPtr = allocate();
    if (*devPtr == nullptr) {
        aclrtSimSetRecentErrMsg((std::string(api) + ": " + std::to_string(size) +
                                 " bytes of device memory are more than this host can hold for the CPU twin")
                                    .c_str());
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclInit(const char*) { return ACL_SUCCESS; }
aclError aclFinalize() { return ACL_SUCCESS; }
aclError aclrtSetDevice(int32_t deviceId) {
    if (!ascendc_sim::DevicePlatform(deviceId)) return ACL_ERROR_RT_INVALID_DEVICEID;
    currentDevice = deviceId;
    return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId) {
    return ascendc_sim::DevicePlatform(deviceId) ? ACL_SUCCESS : ACL_ERROR_RT_INVALID_DEVICEID;
}

aclError aclrtGetDevice(int32_t* deviceId) {
    if (deviceId == nullptr) return ACL_ERROR_INVALID_PARAM;
    *deviceId = currentDevice;
    return ACL_SUCCESS;
}

aclError aclrtSimDefineDevice(const char* socName, uint32_t coreNum, int32_t* deviceId) {
    if (socName == nullptr || deviceId == nullptr) return ACL_ERROR_INVALID_PARAM;
    const auto soc = ascendc_sim::ParseSoc(socName);
    if (!soc) return ACL_ERROR_INVALID_PARAM;
    const auto platform = ascendc_sim::CheckedPlatform(*soc, coreNum);
    if (!platform) return ACL_ERROR_INVALID_PARAM;
    DeviceRegistry& r = Registry();
    std::lock_guard<std::mutex> lock(r.mu);
    for (size_t id = 0; id < r.devices.size(); ++id) {
        if (r.devices[id].soc == platform->soc && r.devices[id].coreNum == platform->coreNum) {
            *deviceId = static_cast<int32_t>(id);
            return ACL_SUCCESS;
        }
    }
    r.devices.push_back(*platform);
    *deviceId = static_cast<int32_t>(r.devices.size() - 1);
    return ACL_SUCCESS;
}

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy) {
    return MallocChecked(devPtr, size, "aclrtMalloc", [size] { return ascendc_sim::DeviceMalloc(size); });
}

aclError aclrtSimMallocCopy(void** devPtr, const void* host, size_t size) {
    if (size > 0 && host == nullptr) return ACL_ERROR_INVALID_PARAM;
    return MallocChecked(devPtr, size, "aclrtMalloc",
                         [host, size] { return ascendc_sim::DeviceMallocCopy(host, size); });
}

// A host write into device memory, or freeing it, leaves nothing of it in the twin's L2 (sim/l2_reuse.h).
aclError aclrtFree(void* devPtr) {
    if (auto a = ascendc_sim::FindAllocation(devPtr, 0)) ascendc_sim::DropFromL2(a->base, a->bytes);
    return ascendc_sim::DeviceFree(devPtr) ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
    if (count > destMax || (count > 0 && (dst == nullptr || src == nullptr))) return ACL_ERROR_INVALID_PARAM;
    bool dstDevice = kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    bool srcDevice = kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    if ((dstDevice && !IsDevice(dst, count)) || (srcDevice && !IsDevice(src, count))) return ACL_ERROR_INVALID_PARAM;
    if (count > 0) std::memmove(dst, src, count);
    if (dstDevice) ascendc_sim::DropFromL2(dst, count);
    if (dstDevice && srcDevice) {
        ascendc_sim::HostCopied(dst, src, count);
    } else if (dstDevice) {
        ascendc_sim::HostDefined(dst, count);
    }
    return ACL_SUCCESS;
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
    if (count > maxCount || !IsDevice(devPtr, count)) return ACL_ERROR_INVALID_PARAM;
    std::memset(devPtr, value, count);
    ascendc_sim::DropFromL2(devPtr, count);
    ascendc_sim::HostDefined(devPtr, count);
    return ACL_SUCCESS;
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream) {
    return aclrtMemset(devPtr, maxCount, value, count);
}

namespace {
thread_local std::string recentErrMsg;  // per thread, as CANN keeps it
}  // namespace

const char* aclGetRecentErrMsg() { return recentErrMsg.c_str(); }

void aclrtSimSetRecentErrMsg(const char* message) { recentErrMsg = message != nullptr ? message : ""; }

aclError aclrtCreateStream(aclrtStream* stream) {
    if (stream == nullptr) return ACL_ERROR_INVALID_PARAM;
    *stream = new Stream;
    return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream) {
    delete static_cast<Stream*>(stream);
    return ACL_SUCCESS;
}

// Launches run to completion when they are issued.
aclError aclrtSynchronizeStream(aclrtStream stream) {
    Stream* s = static_cast<Stream*>(stream);
    if (s != nullptr && s->failed) {
        s->failed = false;
        return ACL_ERROR_RT_AICORE_EXCEPTION;
    }
    return ACL_SUCCESS;
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
    if (hostPtr == nullptr || size == 0) return ACL_ERROR_INVALID_PARAM;
    *hostPtr = std::malloc(size);
    return *hostPtr != nullptr ? ACL_SUCCESS : ACL_ERROR_BAD_ALLOC;
}

aclError aclrtFreeHost(void* hostPtr) {
    std::free(hostPtr);
    return ACL_SUCCESS;
}

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
    if (context == nullptr) return ACL_ERROR_INVALID_PARAM;
    if (!ascendc_sim::DevicePlatform(deviceId)) return ACL_ERROR_RT_INVALID_DEVICEID;
    *context = new Context{deviceId};
    return ACL_SUCCESS;
}

aclError aclrtDestroyContext(aclrtContext context) {
    delete static_cast<Context*>(context);
    return ACL_SUCCESS;
}

namespace {
constexpr aclnnStatus kNoExecutor = 161002;  // ACLNN_ERR_PARAM_INVALID: no aclnn library has created an executor
std::atomic<aclSimExecutorCall> executorSetRepeatable{nullptr};
std::atomic<aclSimExecutorCall> executorDestroy{nullptr};

aclnnStatus ForwardExecutorCall(const std::atomic<aclSimExecutorCall>& call, aclOpExecutor* executor,
                                const char* name) {
    const aclSimExecutorCall handler = call.load();
    if (handler != nullptr) return handler(executor);
    recentErrMsg = std::string(name) + ": no aclnn library has created an executor";
    return kNoExecutor;
}
}  // namespace

void aclSimSetExecutorCalls(aclSimExecutorCall setRepeatable, aclSimExecutorCall destroy) {
    executorSetRepeatable.store(setRepeatable);
    executorDestroy.store(destroy);
}

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
    return ForwardExecutorCall(executorSetRepeatable, executor, "aclSetAclOpExecutorRepeatable");
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
    return ForwardExecutorCall(executorDestroy, executor, "aclDestroyAclOpExecutor");
}

}  // extern "C"

namespace ascendc_sim {

void MarkStreamFailed(void* stream) {
    if (stream != nullptr) static_cast<Stream*>(stream)->failed = true;
}

}  // namespace ascendc_sim
