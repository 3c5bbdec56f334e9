// Where every cost-model value of the SoC table comes from, and how sure it is (`ascendops soc --cost`).
#pragma once
#include "ascendc_sim/platform/soc.h"

namespace ascendc_sim {
inline namespace platform {

// platform config: CANN's own platform configuration of the variant (data/platform_config/<variant>.ini, the key in the
// source); verified: a vendor document states it; derived: computed from published measurements or figures; assumed:
// chosen where nothing public was found (docs/performance.md, assumptions).
enum class Evidence : uint8_t { kPlatformConfig, kVerified, kDerived, kAssumed };

struct CostParamSource {
    double SocCostParams::*field;
    const char* name;
    const char* unit;
    Evidence a2Label;  // ascend910b and ascend910_93 (one row of values)
    const char* a2Source;
    Evidence v200Label;  // ascend310p
    const char* v200Source;
};

extern const CostParamSource kCostParamSources[25];

const char* EvidenceName(Evidence e);

}  // namespace platform
}  // namespace ascendc_sim
