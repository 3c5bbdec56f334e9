// What every aclnn entry point shares, on both backends: the executor, the recent error message, the current
// platform and the report of the last launch (for the demo and the benchmarks). What differs per backend is defined
// in backend_sim.cpp (the CPU twin) or backend_npu.cpp (an Ascend device with CANN's runtime).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "common/launch_report.h"
#include "op_host/common/platform.h"

namespace ascendops {

// The executor of op_api's calls: built by aclnnXxxGetWorkspaceSize, run by aclnnXxx; callers see it as an opaque
// aclOpExecutor*. Its own type, never CANN's aclOpExecutor (nnopbase's class on the NPU). `run` is empty when there
// is nothing to launch (empty tensors); it reads only what it captured, so a repeatable executor runs again alike.
struct OpExecutor {
    std::string op;
    std::function<Result<LaunchReport>(void* workspace, uint64_t workspaceSize, aclrtStream stream)> run;
    uint64_t workspaceSize = 0;
};

// The executor lifecycle of CANN 8.1.RC1 (aclnn/acl_meta.h; aclSetAclOpExecutorRepeatable and
// aclDestroyAclOpExecutor docs): phase 1 creates an executor, phase 2 runs it and releases it, unless it was made
// repeatable (then phase 2 may run it again, and only the destroy call releases it); the destroy call also releases
// an executor that never ran. Executors live in one table under handles that are never reused, so a stale handle
// (run once, destroyed, never issued) is an error code, never a dereference.
// Takes ownership of `executor` and returns its handle (phase 1's last step).
aclOpExecutor* ToHandle(OpExecutor* executor);
// The calls behind aclSetAclOpExecutorRepeatable / aclDestroyAclOpExecutor (the twin's runtime forwards them
// here): 561103 (ACLNN_ERR_INNER_NULLPTR, as CANN) for a null executor, 161002 for a handle that is not live.
aclnnStatus SetExecutorRepeatable(aclOpExecutor* executor);
aclnnStatus DestroyExecutor(aclOpExecutor* executor);
// Executors created and not yet released (tests: a loop of never-run executors must leave none behind).
size_t LiveExecutorCount();

// Twin only (backend_sim.cpp): the calling thread's simulated device: which SoC the twin plays and how many cores
// it has (0 = the SoC's default, else bounded by the SoC's largest variant: CheckedPlatform). Per thread, as
// aclrtSetDevice is: the twin defines the device (aclrtSimDefineDevice) and selects it for this thread only.
// 161002 when out of bounds.
std::optional<Error> SetSimDevice(SocVersion soc, int64_t coreNum = 0);
Platform CurrentSimPlatform();
// The platform tilings use: the simulated device on the twin, the current device's SoC on the NPU.
Platform CurrentPlatform();
// 361001 when the current device is no SoC ascendops knows (NPU: aclrtGetSocName); always fine on the twin. The
// entry points that reach CurrentPlatform on both backends check it first.
std::optional<Error> CheckDevice();
// Where an error message goes (per backend): the twin's recent message (aclGetRecentErrMsg); on the NPU the log.
void RecordRecentError(const std::string& message);
// The host wrote [dst, dst + bytes) directly (the twin's device memory is host memory): the twin counts those device
// bytes as written (ascendc_sim/include/sim/gm_definedness.h); nothing on the NPU, where such a write is a copy.
void NoteHostWrite(const void* dst, uint64_t bytes);

// Records the error as the recent message and returns its aclnn code.
aclnnStatus Fail(const Error& error);
// Clears the recent message: every aclnn entry point calls it first, so a message always belongs to its call.
void BeginCall();

// Report of the last launch on this thread (cleared when a call launches nothing).
const LaunchReport& LastLaunchReport();
void SetLastLaunchReport(LaunchReport report);

// Phase 2 of every aclnn call: runs the executor built in phase 1 and releases it unless it is repeatable; 161002
// for a handle that is not live (e.g. a second run of a non-repeatable executor).
aclnnStatus RunExecutor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

}  // namespace ascendops
