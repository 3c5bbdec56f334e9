// acl runtime shim of the CPU twin: CANN's names and signatures, so op_api code is the same for twin and NPU.
// Device memory is host heap with guard zones (sim/device_memory.h); streams execute synchronously.
#pragma once
#include <cstddef>
#include <cstdint>

#include "sim/types.h"

typedef int aclError;
typedef void* aclrtStream;
typedef void* aclrtContext;
typedef uint16_t aclFloat16;  // IEEE binary16 bits (acl_base.h)

// acl_base.h's conversions, rounding to nearest even.
inline float aclFloat16ToFloat(aclFloat16 value) { return ascendc_sim::HalfBitsToFloat(value); }
inline aclFloat16 aclFloatToFloat16(float value) { return ascendc_sim::FloatToHalfBits(value); }

#define ACL_SUCCESS 0
#define ACL_ERROR_INVALID_PARAM 100000
#define ACL_ERROR_BAD_ALLOC 200000
#define ACL_ERROR_RT_PARAM_INVALID 107000
#define ACL_ERROR_RT_INVALID_DEVICEID 107001
#define ACL_ERROR_RT_MEMORY_ALLOCATION 207001
#define ACL_ERROR_RT_AICORE_EXCEPTION 507015  // a kernel launched on the stream failed

typedef enum aclrtMemMallocPolicy {
    ACL_MEM_MALLOC_HUGE_FIRST = 0,
    ACL_MEM_MALLOC_HUGE_ONLY = 1,
    ACL_MEM_MALLOC_NORMAL_ONLY = 2,
} aclrtMemMallocPolicy;

typedef enum aclrtMemcpyKind {
    ACL_MEMCPY_HOST_TO_HOST = 0,
    ACL_MEMCPY_HOST_TO_DEVICE = 1,
    ACL_MEMCPY_DEVICE_TO_HOST = 2,
    ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
} aclrtMemcpyKind;

typedef enum {
    ACL_DT_UNDEFINED = -1,
    ACL_FLOAT = 0,
    ACL_FLOAT16 = 1,
    ACL_INT8 = 2,
    ACL_INT32 = 3,
    ACL_UINT8 = 4,
    ACL_INT16 = 6,
    ACL_UINT16 = 7,
    ACL_UINT32 = 8,
    ACL_INT64 = 9,
    ACL_UINT64 = 10,
    ACL_DOUBLE = 11,
    ACL_BOOL = 12,
    ACL_BF16 = 27,
} aclDataType;

typedef enum {
    ACL_FORMAT_UNDEFINED = -1,
    ACL_FORMAT_NCHW = 0,
    ACL_FORMAT_NHWC = 1,
    ACL_FORMAT_ND = 2,
} aclFormat;

#ifdef __cplusplus
extern "C" {
#endif

aclError aclInit(const char* configPath);
aclError aclFinalize();
aclError aclrtSetDevice(int32_t deviceId);
aclError aclrtResetDevice(int32_t deviceId);
aclError aclrtGetDevice(int32_t* deviceId);
// Twin only, no CANN equivalent (sim/sim_device.h): the id of the simulated device that plays `socName` (a SoC
// table name, e.g. "ascend910b") with `coreNum` cores (0: the row's own count), defined on first use. Ids 0, 1, 2
// are the table's rows at their own counts. ACL_ERROR_INVALID_PARAM for an unknown SoC or a core count outside
// [0, the largest variant's] (ascendc_sim::CheckedPlatform).
aclError aclrtSimDefineDevice(const char* socName, uint32_t coreNum, int32_t* deviceId);
aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy);
// Twin only, no CANN equivalent: aclrtMalloc of `size` bytes, then the host-to-device aclrtMemcpy of `host` into
// them, as one write (the fresh pattern aclrtMalloc writes would be overwritten unread). Fails as aclrtMalloc.
aclError aclrtSimMallocCopy(void** devPtr, const void* host, size_t size);
aclError aclrtFree(void* devPtr);
aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind);
aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count);
aclError aclrtCreateStream(aclrtStream* stream);
aclError aclrtDestroyStream(aclrtStream stream);
aclError aclrtSynchronizeStream(aclrtStream stream);
// Host memory (page-locked on a device; plain heap here) and contexts (the device's default one suffices).
aclError aclrtMallocHost(void** hostPtr, size_t size);
aclError aclrtFreeHost(void* hostPtr);
aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId);
aclError aclrtDestroyContext(aclrtContext context);
// Streams execute synchronously: the set happens before the call returns.
aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream);
// The calling thread's last error message (acl/acl_rt.h); "" when none.
const char* aclGetRecentErrMsg();
// Twin only, no CANN equivalent: records `message` as the calling thread's recent error message (where CANN's
// runtime records what its operators report). nullptr clears it.
void aclrtSimSetRecentErrMsg(const char* message);

#ifdef __cplusplus
}
#endif
