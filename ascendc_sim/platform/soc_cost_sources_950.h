// Where every cost-model value of the ascend950 row comes from, and how sure it is (`ascendops soc --cost`): its own
// column beside kCostParamSources' A2 and 310P columns, in the same parameter order.
#pragma once
#include "ascendc_sim/platform/soc_cost_sources.h"

namespace ascendc_sim {
inline namespace platform {

struct CostParamSource950 {
    double SocCostParams::*field;
    Evidence label;
    const char* source;
};

extern const CostParamSource950 k950CostSources[25];

}  // namespace platform
}  // namespace ascendc_sim
