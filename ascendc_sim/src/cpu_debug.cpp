#include "sim/cpu_debug.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "ascendc_sim/platform/soc.h"
#include "sim/device_memory.h"

namespace ascendc_sim::cpu_debug {
namespace {

struct FrontState {
    std::mutex mu;
    uint64_t tilingKey = 0;
    KernelMode mode = KernelMode::AIV_MODE;  // assumed when the test sets none (docs/twin_samples.md)
};

FrontState& State() {
    static FrontState s;
    return s;
}

// SoC without a build define and without ASCENDC_SIM_SOC (docs/twin_samples.md, Assumptions).
constexpr const char* kDefaultSoc = "ascend910b";

}  // namespace

void SetTilingKey(uint64_t key) {
    std::lock_guard<std::mutex> lock(State().mu);
    State().tilingKey = key;
}

void Abort(const std::string& what) {
    std::fprintf(stderr, "[ERROR] ascendc_sim: %s\n", what.c_str());
    std::fflush(stdout);
    std::exit(1);
}

LaunchConfig Config(const char* kernel, const char* soc, uint32_t blockDim) {
    const char* env = std::getenv("ASCENDC_SIM_SOC");
    const char* name = soc != nullptr ? soc : (env != nullptr && *env != '\0' ? env : kDefaultSoc);
    std::optional<ascendc_sim::SocVersion> v = ascendc_sim::ParseSoc(name);
    if (!v) Abort(Str("ICPU_RUN_KF(", kernel, "): unknown SoC '", name, "' (ASCENDC_SIM_SOC)"));
    LaunchConfig cfg;
    cfg.kernel = kernel;
    cfg.blockDim = blockDim;
    cfg.platform = ascendc_sim::Platform::Of(*v);
    cfg.trace = CurrentTraceRequest();
    KernelMode mode;
    {
        std::lock_guard<std::mutex> lock(State().mu);
        cfg.tilingKey = State().tilingKey;
        mode = State().mode;
    }
    // Split architectures only (A2/A3): a MIX launch counts AIC:AIV groups, 1:2 or 1:1 (stub_def.h KernelMode).
    if (*v != ascendc_sim::SocVersion::kAscend310P) {
        switch (mode) {
            case KernelMode::AIV_MODE:
                break;
            case KernelMode::MIX_MODE:
                cfg.aivPerAic = 2;
                break;
            case KernelMode::MIX_AIC_1_1:
                cfg.aivPerAic = 1;
                break;
            case KernelMode::AIC_MODE:
                cfg.aicOnly = true;
                break;
        }
    }
    return cfg;
}

}  // namespace ascendc_sim::cpu_debug

namespace AscendC {

void* GmAlloc(size_t size) {
    void* p = ascendc_sim::DeviceMalloc(size, /*defined=*/true);  // the test fills it by plain stores
    if (p == nullptr) ascendc_sim::cpu_debug::Abort(ascendc_sim::Str("GmAlloc: cannot allocate ", size, " bytes"));
    return p;
}

void GmFree(void* ptr) {
    if (ptr != nullptr && !ascendc_sim::DeviceFree(ptr)) {
        ascendc_sim::cpu_debug::Abort("GmFree: pointer is not the start of memory from GmAlloc (or freed twice)");
    }
}

void SetKernelMode(KernelMode mode) {
    std::lock_guard<std::mutex> lock(ascendc_sim::cpu_debug::State().mu);
    ascendc_sim::cpu_debug::State().mode = mode;
}

}  // namespace AscendC
