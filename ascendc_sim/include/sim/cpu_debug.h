// The machinery behind tikicpulib.h: GM allocation, kernel mode, tiling key and the launch of ICPU_RUN_KF.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "sim/context.h"
#include "sim/launch_any.h"

// stub_def.h: the core mix of a CPU-debug launch on a split (AIC/AIV) architecture.
enum class KernelMode {
    MIX_MODE = 0,
    AIC_MODE,
    AIV_MODE,
    MIX_AIC_1_1,
};

namespace AscendC {

// Device memory as the kernel sees it (the twin's aclrtMalloc: guard zones, bounds checks); not zeroed.
void* GmAlloc(size_t size);
void GmFree(void* ptr);
void SetKernelMode(KernelMode mode);

}  // namespace AscendC

namespace ascendc_sim::cpu_debug {

void SetTilingKey(uint64_t key);
// The launch of the next ICPU_RUN_KF: SoC (`soc` from the build, else ASCENDC_SIM_SOC, else the twin's default),
// block count, tiling key and kernel mode. Fails (prints, exits 1) on an unknown SoC or an unmodeled mode.
LaunchConfig Config(const char* kernel, const char* soc, uint32_t blockDim);
// Prints the twin's error and ends the test with status 1.
[[noreturn]] void Abort(const std::string& what);

template <typename... Params, typename... Args>
void Run(const char* name, const char* soc, void (*kernel)(Params...), int64_t blockDim, Args&&... args) {
    if (blockDim < 1 || blockDim > UINT32_MAX) Abort(Str("ICPU_RUN_KF: blockDim ", blockDim, " must be >= 1"));
    ascendc_sim::Result<LaunchStats> r =
        LaunchKernel(Config(name, soc, static_cast<uint32_t>(blockDim)), kernel, std::forward<Args>(args)...);
    if (!r) Abort(r.error().message);
    PrintNotes(*r);
}

}  // namespace ascendc_sim::cpu_debug
