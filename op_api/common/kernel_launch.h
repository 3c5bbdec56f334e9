// Launching a kernel for an aclnn call on the CPU twin: tiling data to (simulated) device memory, the launch, and its
// report. On an NPU the kernels run from the opp package through its generated aclnn library (cmake/npu.cmake): the
// kernel-launch flow is not used, since GET_TILING_DATA / TILING_KEY_IS are unsupported there (asc-devkit
// docs/zh/api/SIMD-API/基础API/Kernel-Tiling/GET_TILING_DATA.md).
#pragma once
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn_context.h"
#include "sim/cost_model.h"
#include "sim/launch.h"
#include "tensor_util.h"

namespace ascendops {

// The twin's kernel-instance variant of a SoC: its core architecture without "dav-" ("m200", "c220"), as
// cmake/registry.cmake names its VARIANTs (CANN compiles per architecture the same way).
inline const char* ArchVariant(const Platform& platform) {
    return GetArchInfo(platform.soc->arch).name + sizeof("dav-") - 1;
}

// An operator's kernel instance for a SoC, from its instances by variant; an NPU build has one entry ("default").
template <typename Entry>
Entry InstanceFor(const std::map<std::string, Entry>& instances, const Platform& platform) {
    auto it = instances.find(ArchVariant(platform));
    return it != instances.end() ? it->second : instances.begin()->second;
}

struct KernelLaunch {
    std::string kernel;  // instance name, for messages
    uint32_t blockDim;
    uint64_t tilingKey;
    uint64_t rooflineBytes;    // bytes that must move (inputs read + outputs written)
    uint32_t aivPerAic = 0;    // MIX AIC:AIV 1:N launch: N (blockDim then counts groups); 0 for vector-only
    bool vectorCores = false;  // KERNEL_TYPE_MIX_VECTOR_CORE launch (310P: AI + Vector Cores; TilingResult's flag)
    // The outputs' valid bytes: the twin checks the kernel wrote every one (ascendc_sim LaunchConfig::outputs).
    std::vector<std::pair<const void*, uint64_t>> outputs;
};

// Adds an output tensor's bytes to the launch's written-whole check (a contiguous view: its span; a strided view's
// valid bytes are not one span and are left to the golden comparison).
inline void AddOutput(KernelLaunch& k, const TensorView& v) {
    if (v.IsContiguous() && v.Numel() > 0)
        k.outputs.emplace_back(v.ElementAddress(), v.Numel() * DataTypeSize(v.dtype));
}

namespace detail {

// CPU twin: blockDim cores as threads, synchronous; the stream is not used.
template <typename... GmArgs, typename... Args>
Result<LaunchReport> Run(const KernelLaunch& k, aclrtStream, void (*fn)(GmArgs...), uint8_t* tilingDev, Args... args) {
    ascendc_sim::LaunchConfig cfg;
    cfg.kernel = k.kernel;
    cfg.blockDim = k.blockDim;
    cfg.tilingKey = k.tilingKey;
    cfg.platform = CurrentPlatform();
    cfg.aivPerAic = k.aivPerAic;
    cfg.vectorCores = k.vectorCores;
    cfg.trace = ascendc_sim::CurrentTraceRequest();
    cfg.outputs = k.outputs;
    ((cfg.workspace = static_cast<const void*>(args)), ...);  // op kernels take the workspace last, before the tiling
    auto stats = ascendc_sim::Launch(cfg, fn, args..., tilingDev);
    if (!stats.ok()) return stats.error();
    LaunchReport report;
    report.launched = true;
    report.stats = stats.value();
    report.rooflineBytes = k.rooflineBytes;
    report.rooflineUs = ascendc_sim::RooflineUs(k.rooflineBytes, *cfg.platform.soc);
    report.achievableRooflineUs = ascendc_sim::AchievableRooflineUs(
        k.rooflineBytes, ascendc_sim::WrittenShareOf(report.stats, k.rooflineBytes), *cfg.platform.soc);
    return report;
}

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
