// Launching a kernel for an aclnn call: tiling data to device memory, the launch, and its report.
// One path for both backends: the CPU twin here; the NPU launch (aclrtlaunch_*) is built only with CANN.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>

#include "acl/acl.h"
#include "aclnn_context.h"
#include "sim/launch.h"

namespace ascendops {

struct KernelLaunch {
    std::string kernel;       // instance name, for messages
    uint32_t blockDim;
    uint64_t tilingKey;
    uint64_t rooflineBytes;   // bytes that must move (inputs read + outputs written)
};

// Copies `tiling` into device memory and runs `fn(args..., tilingAddr)` on the current device.
template <typename Tiling, typename... GmArgs, typename... Args>
Result<LaunchReport> LaunchKernel(const KernelLaunch& k, void (*fn)(GmArgs...), const Tiling& tiling, Args... args) {
    void* tilingDev = nullptr;
    if (aclrtMalloc(&tilingDev, sizeof(Tiling), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        return Error{Status::kRuntimeError, k.kernel + ": cannot allocate device memory for the tiling data"};
    }
    aclrtMemcpy(tilingDev, sizeof(Tiling), &tiling, sizeof(Tiling), ACL_MEMCPY_HOST_TO_DEVICE);
    ascendc_sim::LaunchConfig cfg;
    cfg.kernel = k.kernel;
    cfg.blockDim = k.blockDim;
    cfg.tilingKey = k.tilingKey;
    cfg.platform = CurrentPlatform();
    auto stats = ascendc_sim::Launch(cfg, fn, args..., static_cast<uint8_t*>(tilingDev));
    aclrtFree(tilingDev);
    if (!stats.ok()) return stats.error();
    LaunchReport report;
    report.launched = true;
    report.stats = stats.value();
    report.rooflineBytes = k.rooflineBytes;
    report.rooflineUs = ascendc_sim::RooflineUs(k.rooflineBytes, *cfg.platform.soc);
    return report;
}

}  // namespace ascendops
