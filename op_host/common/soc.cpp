#include "soc.h"

namespace ascendops {

// 910B figures: CANN's platform config for Ascend910B1 (cube_freq 1850 MHz; ddr rate 32 B/cycle per core for
// GM->UB; ub_to_ddr 64 B/cycle; vec_calc_size 128). Memory bandwidth ~1.6 TB/s: public spec, unverified.
// 310P figures: public spec (204.8 GB/s LPDDR4X, 8 AI cores); clock 1000 MHz and per-core copy rates are
// assumptions scaled from the 910B config until hardware figures are available.
const SocInfo kSocTable[3] = {
    {SocVersion::kAscend310P,
     "ascend310p",
     "Atlas 300V Pro / 300I Pro (Ascend 310P3)",
     8,
     8,
     256 * 1024,
     /*hasDataCopyPad=*/false,
     /*hasVectorShift=*/false,
     /*hasSyncAll=*/false,
     {/*freqMHz=*/1000.0, /*gmToUb=*/32.0, /*ubToGm=*/32.0, /*vecCyclesPerRepeat=*/1.0, /*vecIssue=*/8.0,
      /*scalarGm=*/200.0, /*barrier=*/2000.0, /*memBandwidthGBps=*/204.8, /*launchUs=*/3.0}},
    {SocVersion::kAscend910B,
     "ascend910b",
     "Atlas A2 (Ascend 910B2)",
     48,
     24,
     192 * 1024,
     /*hasDataCopyPad=*/true,
     /*hasVectorShift=*/true,
     /*hasSyncAll=*/true,
     {1850.0, 32.0, 64.0, 2.0, 8.0, 200.0, 2000.0, 1600.0, 3.0}},
    {SocVersion::kAscend910_93,
     "ascend910_93",
     "Atlas A3 (Ascend 910_93)",
     48,
     24,
     192 * 1024,
     /*hasDataCopyPad=*/true,
     /*hasVectorShift=*/true,
     /*hasSyncAll=*/true,
     {1850.0, 32.0, 64.0, 2.0, 8.0, 200.0, 2000.0, 1600.0, 3.0}},
};

const SocInfo& GetSocInfo(SocVersion soc) { return kSocTable[static_cast<int>(soc)]; }

std::optional<SocVersion> ParseSoc(std::string_view name) {
    for (const auto& info : kSocTable) {
        if (name == info.name) return info.version;
    }
    return std::nullopt;
}

}  // namespace ascendops
