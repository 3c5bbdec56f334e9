// The cost row of a 310P Vector Core (a MIX_VECTOR_CORE launch's extra cores): its own clock and copy rates.
#pragma once
#include "ascendc_sim/platform/soc.h"

namespace ascendc_sim {
inline namespace platform {

// The cost parameters a Vector Core of `soc` runs at (soc.cpp); the AI core's row on a SoC without Vector Cores.
const SocCostParams& VectorCoreCost(const SocInfo& soc);

}  // namespace platform
}  // namespace ascendc_sim
