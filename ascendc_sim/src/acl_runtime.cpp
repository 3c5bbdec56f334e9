#include <cstring>

#include "acl/acl.h"
#include "sim/device_memory.h"

namespace {

struct Stream {
    int unused = 0;
};

// A device range must lie inside one allocation.
bool IsDevice(const void* p, size_t bytes) { return ascendc_sim::FindAllocation(p, bytes).has_value(); }

}  // namespace

extern "C" {

aclError aclInit(const char*) { return ACL_SUCCESS; }
aclError aclFinalize() { return ACL_SUCCESS; }
aclError aclrtSetDevice(int32_t deviceId) { return deviceId == 0 ? ACL_SUCCESS : ACL_ERROR_RT_PARAM_INVALID; }
aclError aclrtResetDevice(int32_t) { return ACL_SUCCESS; }

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy) {
    if (devPtr == nullptr) return ACL_ERROR_INVALID_PARAM;
    *devPtr = ascendc_sim::DeviceMalloc(size);
    return *devPtr != nullptr ? ACL_SUCCESS : ACL_ERROR_RT_MEMORY_ALLOCATION;
}

aclError aclrtFree(void* devPtr) { return ascendc_sim::DeviceFree(devPtr) ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM; }

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
    if (count > destMax || (count > 0 && (dst == nullptr || src == nullptr))) return ACL_ERROR_INVALID_PARAM;
    bool dstDevice = kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    bool srcDevice = kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    if ((dstDevice && !IsDevice(dst, count)) || (srcDevice && !IsDevice(src, count))) return ACL_ERROR_INVALID_PARAM;
    if (count > 0) std::memmove(dst, src, count);
    return ACL_SUCCESS;
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
    if (count > maxCount || !IsDevice(devPtr, count)) return ACL_ERROR_INVALID_PARAM;
    std::memset(devPtr, value, count);
    return ACL_SUCCESS;
}

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
aclError aclrtSynchronizeStream(aclrtStream) { return ACL_SUCCESS; }

}  // extern "C"
