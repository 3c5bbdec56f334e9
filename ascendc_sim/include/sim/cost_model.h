// The cost model: per-core counters -> modeled device time with the SoC's parameters. Always "modeled".
#pragma once
#include "sim/launch.h"

namespace ascendc_sim {

// Relative cost of one 256-byte repeat per instruction class (simple = 1).
double VecClassFactor(VecClass k);
// Cycles of each cube pipe of one AIC (zeros for a core without cube work).
struct CubePipes {
    double m = 0, mte2 = 0, mte1 = 0, fix = 0;
};
CubePipes CubePipeCycles(const CoreCost& c, const ascendc_sim::SocInfo& soc);
// An AIC's cube cycles: the slowest pipe when L0 is double-buffered, else their sum.
double CubeCycles(const CoreCost& c, const ascendc_sim::SocInfo& soc);
// Modeled time of one core's work, in microseconds.
double CoreTimeUs(const CoreCost& c, const ascendc_sim::SocInfo& soc);
ModeledTime ModelTime(const LaunchStats& stats, const ascendc_sim::SocInfo& soc);
// A device memset of `bytes` (aclrtMemset before a launch): one more task, its launch overhead plus the bytes written
// at the achievable bandwidth (assumed: L2 not credited, docs/twin.md Assumptions).
double MemsetUs(uint64_t bytes, const ascendc_sim::SocInfo& soc);
// The part of `bytes` that is written, in the proportion of the launch's GM traffic (for the achievable roofline).
uint64_t WrittenShareOf(const LaunchStats& stats, uint64_t bytes);

}  // namespace ascendc_sim
