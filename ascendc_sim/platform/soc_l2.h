// The L2's aggregate read bandwidth of a SoC, shared by the cores' L2 hits (soc.cpp, with its source).
#pragma once
#include "ascendc_sim/platform/soc.h"

namespace ascendc_sim {
inline namespace platform {

// GB/s all cores' L2 hits share; 0 where no figure is published (the hits then run at l2_read_rate per core).
double L2PeakGBps(SocVersion soc);

}  // namespace platform
}  // namespace ascendc_sim
