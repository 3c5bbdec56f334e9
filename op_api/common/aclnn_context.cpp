#include "aclnn_context.h"

#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>

namespace ascendops {
namespace {

thread_local LaunchReport lastReport;

}  // namespace

void BeginCall() { RecordRecentError(""); }

aclnnStatus Fail(const Error& error) {
    RecordRecentError(error.message);
    return static_cast<aclnnStatus>(error.code);
}

const LaunchReport& LastLaunchReport() { return lastReport; }
void SetLastLaunchReport(LaunchReport report) { lastReport = std::move(report); }

aclnnStatus RunExecutor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    BeginCall();
    if (executor == nullptr) return Fail(NullPointer("executor is null: call the GetWorkspaceSize phase first"));
    std::unique_ptr<OpExecutor> owned(FromHandle(executor));  // one executor serves exactly one launch, as in CANN
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
    try {  // the twin's staging (gathers, the sort) allocates: exhaustion is an error code, never an abort
        result.emplace(owned->run(workspace, workspaceSize, stream));
    } catch (const std::bad_alloc&) {
        return Fail(Error{Status::kRuntimeError, owned->op + ": out of host memory while staging the launch"});
    }
    if (!result->ok()) return Fail(result->error());
    SetLastLaunchReport(result->value());
    return 0;
}

}  // namespace ascendops
