#include "sim/launch_checks.h"

#include "sim/gm_definedness.h"
#include "sim/gm_race.h"

namespace ascendc_sim {

void PrepareLaunchChecks(LaunchShared& shared, std::vector<CoreContext>& cores) {
    const auto n = static_cast<uint32_t>(cores.size());
    for (uint32_t i = 0; i < n; ++i) InitRaceClock(cores[i], n, i);
    if (shared.cfg.workspace != nullptr) RegisterWorkspace(shared, shared.cfg.workspace);
}

void BeginCoreChecks(CoreContext& c) {
    tlsCallLine = {};
    ResetLocalDefinedness(c);
}

std::string LaunchFailure(LaunchShared& shared, const std::vector<CoreContext>& cores, const std::string& prefix) {
    if (!shared.undefinedRead.load()) return shared.firstError;
    const std::string race = FindGmRace(cores);
    if (race.empty()) return shared.firstError;
    return Str(prefix, race, "; the launch then stopped on: ", shared.firstError);
}

std::string CheckOutputsWritten(const LaunchConfig& cfg) {
    for (std::size_t i = 0; i < cfg.outputs.size(); ++i) {
        const std::string gap = UnwrittenOutput(cfg.outputs[i].first, cfg.outputs[i].second);
        if (!gap.empty()) return Str("output ", i, ": ", gap);
    }
    return {};
}

}  // namespace ascendc_sim
