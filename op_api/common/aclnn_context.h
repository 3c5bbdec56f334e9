// What every aclnn entry point shares: the executor, the recent error message, the current platform and
// the report of the last launch (for the demo and the benchmarks).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "op_host/common/platform.h"
#include "sim/launch.h"

extern "C" const char* aclGetRecentErrMsg();

namespace ascendops {

// Report of a launch (for the demo and the benchmarks).
struct LaunchReport {
    bool launched = false;
    ascendc_sim::LaunchStats stats;
    uint64_t rooflineBytes = 0;       // bytes that must move: inputs read + outputs written
    double rooflineUs = 0;            // at the nominal bandwidth
    double achievableRooflineUs = 0;  // at the achievable bandwidth, L2-kept writes left out (cost model)
    // A call of several launches: each launch's kernel and modeled device time, in order (empty for one launch).
    std::vector<std::pair<std::string, double>> parts;
};

}  // namespace ascendops

// Opaque to callers, as in CANN: built by aclnnXxxGetWorkspaceSize, consumed (and freed) by aclnnXxx.
// `run` is empty when there is nothing to launch (empty tensors).
struct aclOpExecutor {
    std::string op;
    std::function<ascendops::Result<ascendops::LaunchReport>(void* workspace, uint64_t workspaceSize,
                                                             aclrtStream stream)>
        run;
    uint64_t workspaceSize = 0;
};

namespace ascendops {

// The calling thread's simulated device: which SoC the twin plays and how many cores it has (0 = the SoC's
// default, else bounded by the SoC's largest variant: CheckedPlatform). Per thread, as aclrtSetDevice is: the
// twin defines the device (aclrtSimDefineDevice) and selects it for this thread only. 161002 when out of bounds.
std::optional<Error> SetSimDevice(SocVersion soc, int64_t coreNum = 0);
Platform CurrentSimPlatform();
// The platform tilings use: the simulated device (op_api runs on the twin only; the NPU runs the opp package).
Platform CurrentPlatform();

// Records the error as the recent message and returns its aclnn code.
aclnnStatus Fail(const Error& error);
// Clears the recent message: every aclnn entry point calls it first, so a message always belongs to its call.
void BeginCall();

// Report of the last launch on this thread (cleared when a call launches nothing).
const LaunchReport& LastLaunchReport();
void SetLastLaunchReport(LaunchReport report);

// Phase 2 of every aclnn call: runs the executor built in phase 1 and frees it.
aclnnStatus RunExecutor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

}  // namespace ascendops
