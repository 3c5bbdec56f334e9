#include "aclnn_context.h"

#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>

#ifndef ASCENDOPS_NPU
#include "sim/sim_device.h"
#endif

namespace ascendops {

thread_local std::string recentError;

namespace {

thread_local LaunchReport lastReport;

#ifdef ASCENDOPS_NPU
thread_local Platform simDevice = Platform::Of(SocVersion::kAscend310P);  // the fallback of an unknown device
#endif

}  // namespace

#ifdef ASCENDOPS_NPU
Platform CurrentSimPlatform() { return simDevice; }

std::optional<Error> SetSimDevice(SocVersion soc, int64_t coreNum) {
    auto platform = CheckedPlatform(soc, coreNum);
    if (!platform) return platform.error();
    simDevice = *platform;
    return std::nullopt;
}
#else
Platform CurrentSimPlatform() { return ascendc_sim::CurrentDevicePlatform(); }

std::optional<Error> SetSimDevice(SocVersion soc, int64_t coreNum) {
    auto platform = CheckedPlatform(soc, coreNum);
    if (!platform) return platform.error();
    int32_t device = 0;
    if (aclrtSimDefineDevice(platform->soc->name, platform->coreNum, &device) != ACL_SUCCESS ||
        aclrtSetDevice(device) != ACL_SUCCESS) {
        return Error{Status::kRuntimeError, std::string("cannot select the simulated device ") + platform->soc->name +
                                                " with " + std::to_string(coreNum) + " cores"};
    }
    return std::nullopt;
}
#endif

Platform CurrentPlatform() { return CurrentSimPlatform(); }

void BeginCall() { recentError.clear(); }

aclnnStatus Fail(const Error& error) {
    recentError = error.message;
    return static_cast<aclnnStatus>(error.code);
}

const LaunchReport& LastLaunchReport() { return lastReport; }
void SetLastLaunchReport(LaunchReport report) { lastReport = std::move(report); }

aclnnStatus RunExecutor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    BeginCall();
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
    std::optional<Result<LaunchReport>> result;
    try {  // host-side staging (gathers, the host sort) allocates: exhaustion is an error code, never an abort
        result.emplace(owned->run(workspace, workspaceSize, stream));
    } catch (const std::bad_alloc&) {
        return Fail(Error{Status::kRuntimeError, owned->op + ": out of host memory while staging the launch"});
    }
    if (!result->ok()) return Fail(result->error());
    SetLastLaunchReport(result->value());
    return 0;
}

}  // namespace ascendops

// The twin's stand-in for the ACL runtime's aclGetRecentErrMsg (acl/acl_rt.h). op_api is built only against the twin:
// NPU callers use the opp package's generated aclnn library and the runtime's own function.
extern "C" const char* aclGetRecentErrMsg() { return ascendops::recentError.c_str(); }
