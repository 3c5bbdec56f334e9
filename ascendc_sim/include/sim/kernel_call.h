// The `kernel<<<blockDim, l2ctrl, stream>>>(args...)` launch of Ascend C on the twin. A C++ compiler does not parse
// `<<<>>>`: scripts/run_samples.sh rewrites it to `::ascendc_sim::KernelCall(kernel, "kernel", blockDim, l2ctrl,
// stream)(args...)`, as ccec lowers it to a runtime launch. The launch runs at once on the calling thread's
// device (ASCENDC_SIM_SOC overrides its SoC); an error is printed and the stream's next aclrtSynchronizeStream
// returns ACL_ERROR_RT_AICORE_EXCEPTION.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include "ascendc_sim/platform/soc.h"
#include "sim/context.h"
#include "sim/launch_any.h"
#include "sim/sim_device.h"

namespace ascendc_sim {

template <typename... Params>
class KernelLaunch {
public:
    KernelLaunch(void (*kernel)(Params...), const char* name, int64_t blockDim, void* stream, KernelType type)
        : kernel_(kernel), name_(name), blockDim_(blockDim), stream_(stream), type_(type) {}

    template <typename... Args>
    void operator()(Args&&... args) const {
        LaunchConfig cfg;
        cfg.kernel = name_;
        cfg.platform = CurrentDevicePlatform();
        const char* env = std::getenv("ASCENDC_SIM_SOC");
        if (env != nullptr && *env != '\0') {
            auto soc = ascendc_sim::ParseSoc(env);
            if (!soc) return Report(Str("unknown SoC '", env, "' (ASCENDC_SIM_SOC)"));
            cfg.platform = ascendc_sim::Platform::Of(*soc);
        }
        if (blockDim_ < 1 || blockDim_ > UINT32_MAX) return Report(Str("blockDim ", blockDim_, " must be >= 1"));
        cfg.blockDim = static_cast<uint32_t>(blockDim_);
        cfg.trace = CurrentTraceRequest();
        // 设置Kernel类型.md: a __cube__ kernel runs on AIC cores only; __mix__(1, n) on blockDim groups of 1 AIC
        // and n AIVs.
        cfg.aicOnly = type_ == KernelType::kAicOnly;
        cfg.aivPerAic = type_ == KernelType::kMixAic1_2 ? 2 : type_ == KernelType::kMixAic1_1 ? 1 : 0;
        auto r = LaunchKernel(cfg, kernel_, std::forward<Args>(args)...);
        if (!r) return Report(r.error().message);
        PrintNotes(*r);
    }

private:
    void Report(const std::string& what) const {
        std::fprintf(stderr, "[ERROR] ascendc_sim: %s\n", what.c_str());
        MarkStreamFailed(stream_);
    }

    void (*kernel_)(Params...);
    const char* name_;
    int64_t blockDim_;
    void* stream_;
    KernelType type_;
};

// l2ctrl is reserved (0 or nullptr) in the documented launch. `type` is the kernel's qualifier, which ccec reads
// at the launch and a C++ compiler cannot: __vector__ (or none) AIV_ONLY, __cube__ AIC_ONLY, __mix__(1, n) MIX.
template <typename... Params, typename L2, typename Stream>
KernelLaunch<Params...> KernelCall(void (*kernel)(Params...), const char* name, int64_t blockDim, L2, Stream stream,
                                   KernelType type = KernelType::kAivOnly) {
    return KernelLaunch<Params...>(kernel, name, blockDim, static_cast<void*>(stream), type);
}

}  // namespace ascendc_sim
