// The cost model: per-core counters -> modeled device time with the SoC's parameters. Always "modeled".
#pragma once
#include "sim/launch.h"

namespace ascendc_sim {

// Relative cost of one 256-byte repeat per instruction class (simple = 1).
double VecClassFactor(VecClass k);
// Cycles of one AIC's cube pipes (0 for a core without cube work).
double CubeCycles(const CoreCost& c, const ascendops::SocInfo& soc);
// Modeled time of one core's work, in microseconds.
double CoreTimeUs(const CoreCost& c, const ascendops::SocInfo& soc);
ModeledTime ModelTime(const LaunchStats& stats, const ascendops::SocInfo& soc);

}  // namespace ascendc_sim
