// The sanitizer side of a launch: what every core starts with (no kernel line yet, all UB undefined, its race
// clock), the launch's workspace, and what only the finished launch shows (races that explain an undefined read,
// aclnn outputs written whole).
#pragma once
#include <string>
#include <vector>

#include "sim/context.h"

namespace ascendc_sim {

// Before any core runs: each core's race clock (its index among the launch's threads) and LaunchConfig::workspace.
void PrepareLaunchChecks(LaunchShared& shared, std::vector<CoreContext>& cores);
// On the core's own thread, before the kernel.
void BeginCoreChecks(CoreContext& c);
// The error of a failed launch: the first error, or, when that error is an undefined read, a cross-core race
// between the cores' accesses so far that explains it (a core read bytes before another wrote them).
std::string LaunchFailure(LaunchShared& shared, const std::vector<CoreContext>& cores, const std::string& prefix);
// LaunchConfig::outputs after the launch: "" when the kernel wrote every valid byte.
std::string CheckOutputsWritten(const LaunchConfig& cfg);

}  // namespace ascendc_sim
