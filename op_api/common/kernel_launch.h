// Launching a kernel for an aclnn call: tiling data to device memory, the launch, and its report.
// One path for both backends; only the launch itself differs: the CPU twin by default, the NPU (the aclrtlaunch_*
// stubs CANN generates for each kernel) when cmake/npu.cmake builds ascendops_api_npu with ASCENDOPS_NPU.
// The ASCENDOPS_NPU branch is compiled only with the CANN toolkit; not built or run in this repository's CI.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>

#include "acl/acl.h"
#include "aclnn_context.h"
#include "sim/launch.h"

namespace ascendops {

struct KernelLaunch {
    std::string kernel;  // instance name, for messages
    uint32_t blockDim;
    uint64_t tilingKey;
    uint64_t rooflineBytes;  // bytes that must move (inputs read + outputs written)
};

#ifdef ASCENDOPS_NPU
namespace npu {

// The launch the kernel symbols op_api calls perform. Those symbols are generated thunks (npu_kernel_thunks.cpp,
// named like the twin's instances) that forward to ACLRT_LAUNCH_KERNEL(<kernel>)(blockDim, stream, args...).
struct PendingLaunch {
    uint32_t blockDim = 0;
    aclrtStream stream = nullptr;
    bool launched = false;
    int64_t status = 0;  // what the aclrtlaunch_<kernel> stub returned; 0 = the task was submitted
};
inline thread_local PendingLaunch pending;

template <typename LaunchFn>
void Launch(LaunchFn launch) {
    pending.status = static_cast<int64_t>(launch(pending.blockDim, pending.stream));
    pending.launched = true;
}

}  // namespace npu
#endif

namespace detail {

#ifdef ASCENDOPS_NPU
// NPU: submit on `stream`, then wait for it, since the tiling buffer is freed when this returns.
template <typename... GmArgs, typename... Args>
Result<LaunchReport> Run(const KernelLaunch& k, aclrtStream stream, void (*fn)(GmArgs...), uint8_t* tilingDev,
                         Args... args) {
    npu::pending = {k.blockDim, stream, false, 0};
    fn(args..., tilingDev);
    if (!npu::pending.launched || npu::pending.status != 0) {
        return Error{Status::kRuntimeError, k.kernel + ": the NPU launch failed (aclrtlaunch status " +
                                                std::to_string(npu::pending.status) + ")"};
    }
    if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) {
        return Error{Status::kRuntimeError, k.kernel + ": the kernel failed on the NPU: " + aclGetRecentErrMsg()};
    }
    LaunchReport report;  // no cost counts on hardware; the roofline model belongs to the twin
    report.launched = true;
    report.stats.kernel = k.kernel;
    report.stats.blockDim = k.blockDim;
    report.stats.tilingKey = k.tilingKey;
    report.rooflineBytes = k.rooflineBytes;
    return report;
}
#else
// CPU twin: blockDim cores as threads, synchronous; the stream is not used.
template <typename... GmArgs, typename... Args>
Result<LaunchReport> Run(const KernelLaunch& k, aclrtStream, void (*fn)(GmArgs...), uint8_t* tilingDev, Args... args) {
    ascendc_sim::LaunchConfig cfg;
    cfg.kernel = k.kernel;
    cfg.blockDim = k.blockDim;
    cfg.tilingKey = k.tilingKey;
    cfg.platform = CurrentPlatform();
    auto stats = ascendc_sim::Launch(cfg, fn, args..., tilingDev);
    if (!stats.ok()) return stats.error();
    LaunchReport report;
    report.launched = true;
    report.stats = stats.value();
    report.rooflineBytes = k.rooflineBytes;
    report.rooflineUs = ascendc_sim::RooflineUs(k.rooflineBytes, *cfg.platform.soc);
    return report;
}
#endif

}  // namespace detail

// Copies `tiling` into device memory and runs `fn(args..., tilingAddr)` on `stream` of the current device.
template <typename Tiling, typename... GmArgs, typename... Args>
Result<LaunchReport> LaunchKernel(aclrtStream stream, const KernelLaunch& k, void (*fn)(GmArgs...),
                                  const Tiling& tiling, Args... args) {
    void* tilingDev = nullptr;
    if (aclrtMalloc(&tilingDev, sizeof(Tiling), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        return Error{Status::kRuntimeError, k.kernel + ": cannot allocate device memory for the tiling data"};
    }
    if (aclrtMemcpy(tilingDev, sizeof(Tiling), &tiling, sizeof(Tiling), ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) {
        aclrtFree(tilingDev);
        return Error{Status::kRuntimeError, k.kernel + ": cannot copy the tiling data to the device"};
    }
    auto report = detail::Run(k, stream, fn, static_cast<uint8_t*>(tilingDev), args...);
    aclrtFree(tilingDev);
    return report;
}

}  // namespace ascendops
