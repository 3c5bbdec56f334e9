#include "aclnn_context.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

namespace ascendops {
namespace {

thread_local LaunchReport lastReport;

// ACLNN_ERR_INNER_NULLPTR: what aclSetAclOpExecutorRepeatable / aclDestroyAclOpExecutor return for a null executor
// (CANN aolapi docs of both calls).
constexpr aclnnStatus kInnerNullPointer = 561103;

struct LiveExecutor {
    std::shared_ptr<OpExecutor> executor;  // shared: a destroy call during a repeatable run leaves the run its copy
    bool repeatable = false;
};

// Every live executor by handle number; numbers count up from 1 and are never reused.
class ExecutorTable {
public:
    aclOpExecutor* Add(OpExecutor* executor) {
        std::shared_ptr<OpExecutor> owned(executor);
        std::lock_guard<std::mutex> lock(mu_);
        const uint64_t id = ++lastId_;
        live_.emplace(id, LiveExecutor{std::move(owned), false});
        return reinterpret_cast<aclOpExecutor*>(static_cast<uintptr_t>(id));
    }

    // The executor for one run: a non-repeatable one leaves the table (released when the run ends); null when the
    // handle is not live.
    std::shared_ptr<OpExecutor> TakeForRun(aclOpExecutor* handle) {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = live_.find(Id(handle));
        if (it == live_.end()) return nullptr;
        std::shared_ptr<OpExecutor> executor = it->second.executor;
        if (!it->second.repeatable) live_.erase(it);
        return executor;
    }

    bool SetRepeatable(aclOpExecutor* handle) {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = live_.find(Id(handle));
        if (it == live_.end()) return false;
        it->second.repeatable = true;
        return true;
    }

    bool Remove(aclOpExecutor* handle) {
        std::shared_ptr<OpExecutor> released;  // destroyed after the lock is dropped
        std::lock_guard<std::mutex> lock(mu_);
        auto it = live_.find(Id(handle));
        if (it == live_.end()) return false;
        released = std::move(it->second.executor);
        live_.erase(it);
        return true;
    }

    size_t Size() {
        std::lock_guard<std::mutex> lock(mu_);
        return live_.size();
    }

private:
    static uint64_t Id(aclOpExecutor* handle) { return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(handle)); }

    std::mutex mu_;
    uint64_t lastId_ = 0;
    std::unordered_map<uint64_t, LiveExecutor> live_;
};

ExecutorTable& Executors() {
    static ExecutorTable* table = new ExecutorTable;  // never destroyed: executors may outlive static destruction
    return *table;
}

std::string NotLive(aclOpExecutor* handle, const char* call) {
    char text[32];
    std::snprintf(text, sizeof(text), "%p", static_cast<void*>(handle));
    return std::string(call) + ": executor " + text +
           " is not live: a phase-2 call releases an executor unless aclSetAclOpExecutorRepeatable made it "
           "repeatable, and aclDestroyAclOpExecutor releases it; call GetWorkspaceSize again for a new one";
}

}  // namespace

aclOpExecutor* ToHandle(OpExecutor* executor) { return Executors().Add(executor); }

aclnnStatus SetExecutorRepeatable(aclOpExecutor* executor) {
    BeginCall();
    if (executor == nullptr) return Fail(Error{static_cast<Status>(kInnerNullPointer), "executor is null"});
    if (!Executors().SetRepeatable(executor))
        return Fail(InvalidParam(NotLive(executor, "aclSetAclOpExecutorRepeatable")));
    return 0;
}

aclnnStatus DestroyExecutor(aclOpExecutor* executor) {
    BeginCall();
    if (executor == nullptr) return Fail(Error{static_cast<Status>(kInnerNullPointer), "executor is null"});
    if (!Executors().Remove(executor)) return Fail(InvalidParam(NotLive(executor, "aclDestroyAclOpExecutor")));
    return 0;
}

size_t LiveExecutorCount() { return Executors().Size(); }

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
    const std::shared_ptr<OpExecutor> owned = Executors().TakeForRun(executor);
    if (owned == nullptr) return Fail(InvalidParam(NotLive(executor, "phase 2")));
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
