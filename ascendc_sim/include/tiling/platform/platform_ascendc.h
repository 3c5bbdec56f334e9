// CANN's host platform API (tiling/platform/platform_ascendc.h, PlatformAscendC / PlatformAscendCManager) over the
// twin's SoC table: core counts and buffer sizes of the SoC variant a host tiling asks for.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>

#include "ascendc_sim/platform/soc.h"
#include "ascendc_sim/platform/soc_cube.h"
#include "sim/sim_device.h"

namespace platform_ascendc {

// Values of 8.1.RC1 tiling/platform/platform_ascendc.h.
enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };
enum class SocVersion { ASCEND910 = 0, ASCEND910B, ASCEND310P, ASCEND310B, RESERVED_VERSION = 99999 };

class PlatformAscendC {
public:
    PlatformAscendC() = delete;
    explicit PlatformAscendC(const ascendc_sim::Platform& platform, uint32_t cubeCoreNum)
        : platform_(platform), cubeCoreNum_(cubeCoreNum) {}

    // GetCoreNum.md: the AIV count on a separated (Cube/Vector) SoC, the AI cores on a coupled one.
    uint32_t GetCoreNum() const { return platform_.coreNum; }
    uint32_t GetCoreNumAic() const { return Separated() ? cubeCoreNum_ : platform_.coreNum; }
    uint32_t GetCoreNumAiv() const { return platform_.coreNum; }
    // GetCoreNumVector.md: the Vector Cores beside the AI cores of an Atlas inference SoC; 0 elsewhere.
    uint32_t GetCoreNumVector() const { return platform_.mixVectorCoreNum; }
    // CalcTschBlockDim.md: a Cube+Vector operator launches AIC:AIV groups, so the slices one group takes are the
    // AIV:AIC ratio; otherwise one slice a core.
    uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
        if (aicCoreNum == 0 || aivCoreNum == 0 || !Separated()) return sliceNum;
        const uint32_t ratio = aivCoreNum / aicCoreNum == 0 ? 1 : aivCoreNum / aicCoreNum;
        return (sliceNum + ratio - 1) / ratio;
    }
    // GetLibApiWorkSpaceSize.md: the workspace the runtime keeps in front of an operator's own.
    uint32_t GetLibApiWorkSpaceSize() const { return static_cast<uint32_t>(platform_.SystemWorkspaceBytes()); }
    void GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const {
        const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(platform_.soc->version);
        switch (memType) {
            case CoreMemType::UB:
                size = platform_.UbBytes();
                return;  // the whole UB, as the platform config's ub_size
            case CoreMemType::L1:
                size = cube ? cube->l1Bytes : 0;
                return;
            case CoreMemType::L0_A:
                size = cube ? cube->l0aBytes : 0;
                return;
            case CoreMemType::L0_B:
                size = cube ? cube->l0bBytes : 0;
                return;
            case CoreMemType::L0_C:
                size = cube ? cube->l0cBytes : 0;
                return;
            default:
                size = 0;
                return;  // L2 / HBM sizes are not in the twin's SoC table
        }
    }
    SocVersion GetSocVersion() const {
        return platform_.soc->version == ascendc_sim::SocVersion::kAscend310P ? SocVersion::ASCEND310P
                                                                              : SocVersion::ASCEND910B;
    }
    // The twin's view, for the twin's own host APIs (tiling/tiling_api.h).
    const ascendc_sim::Platform& SimPlatform() const { return platform_; }

private:
    bool Separated() const {
        const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(platform_.soc->version);
        return cube != nullptr && cube->separated;
    }
    ascendc_sim::Platform platform_;
    uint32_t cubeCoreNum_;
};

// One instance per process, made by the first GetInstance (as CANN's manager): the named SoC variant
// ("Ascend910B1", ...), else the device's SoC (ASCENDC_SIM_SOC overrides it, as for a launch). An unknown name is
// nullptr with a message.
class PlatformAscendCManager {
public:
    static PlatformAscendC* GetInstance() { return GetInstance(nullptr); }
    static PlatformAscendC* GetInstance(const char* customSocVersion) {
        static std::mutex mutex;
        static std::optional<PlatformAscendC> instance;
        const std::lock_guard<std::mutex> lock(mutex);
        if (!instance) instance = Make(customSocVersion);
        return instance ? &*instance : nullptr;
    }

private:
    static std::optional<PlatformAscendC> Make(const char* name) {
        if (name != nullptr && *name != '\0') {
            for (const auto& v : ascendc_sim::kSocVariants) {
                if (std::strcmp(v.name, name) == 0) {
                    return PlatformAscendC(ascendc_sim::Platform::Of(v.soc, v.vectorKernelCoreNum), v.cubeCoreNum);
                }
            }
            std::fprintf(stderr, "[ERROR] PlatformAscendCManager::GetInstance: unknown SoC version '%s'\n", name);
            return std::nullopt;
        }
        ascendc_sim::Platform p = ascendc_sim::CurrentDevicePlatform();
        const char* env = std::getenv("ASCENDC_SIM_SOC");
        if (env != nullptr && *env != '\0') {
            auto soc = ascendc_sim::ParseSoc(env);
            if (!soc) {
                std::fprintf(stderr,
                             "[ERROR] PlatformAscendCManager::GetInstance: unknown SoC '%s' (ASCENDC_SIM_SOC)\n", env);
                return std::nullopt;
            }
            p = ascendc_sim::Platform::Of(*soc);
        }
        return PlatformAscendC(p, p.soc->cubeCoreNum);
    }
};

}  // namespace platform_ascendc
