#include "aclnn_context.h"

#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace ascendops {

thread_local std::string recentError;

namespace {

thread_local LaunchReport lastReport;

std::mutex deviceMutex;
Platform simDevice = Platform::Of(SocVersion::kAscend310P);

}  // namespace

Platform CurrentSimPlatform() {
    std::lock_guard<std::mutex> lock(deviceMutex);
    return simDevice;
}

void SetSimDevice(SocVersion soc, uint32_t coreNum) {
    std::lock_guard<std::mutex> lock(deviceMutex);
    simDevice = Platform::Of(soc, coreNum);
}

Platform CurrentPlatform() { return CurrentSimPlatform(); }

aclnnStatus Fail(const Error& error) {
    recentError = error.message;
    return static_cast<aclnnStatus>(error.code);
}

const LaunchReport& LastLaunchReport() { return lastReport; }
void SetLastLaunchReport(LaunchReport report) { lastReport = std::move(report); }

aclnnStatus RunExecutor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    if (executor == nullptr) return Fail(NullPointer("executor is null: call the GetWorkspaceSize phase first"));
    std::unique_ptr<aclOpExecutor> owned(executor);  // one executor serves exactly one launch, as in CANN
    if (workspaceSize < owned->workspaceSize) {
        return Fail(InvalidParam("workspaceSize " + std::to_string(workspaceSize) + " is below the " +
                                 std::to_string(owned->workspaceSize) + " bytes GetWorkspaceSize asked for"));
    }
    if (owned->workspaceSize > 0 && workspace == nullptr) {
        return Fail(NullPointer("workspace is null but " + std::to_string(owned->workspaceSize) + " bytes are needed"));
    }
    if (!owned->run) {  // empty tensor: nothing to launch
        SetLastLaunchReport({});
        return 0;
    }
    auto result = owned->run(workspace, workspaceSize, stream);
    if (!result.ok()) return Fail(result.error());
    SetLastLaunchReport(result.value());
    return 0;
}

}  // namespace ascendops

// The twin's stand-in for the ACL runtime's aclGetRecentErrMsg (acl/acl_rt.h). op_api is built only against the twin:
// NPU callers use the opp package's generated aclnn library and the runtime's own function.
extern "C" const char* aclGetRecentErrMsg() { return ascendops::recentError.c_str(); }
