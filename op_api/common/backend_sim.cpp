// The CPU twin's side of what differs per backend: the simulated device of the calling thread, where error
// messages go (the twin's runtime keeps the recent message, as CANN's runtime does) and who answers the runtime's
// executor calls (op_api, whose executors they are).
#include <optional>
#include <string>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn_context.h"
#include "sim/gm_definedness.h"
#include "sim/sim_device.h"

namespace ascendops {
namespace {

// aclSetAclOpExecutorRepeatable / aclDestroyAclOpExecutor reach op_api's executor table (on the NPU they are CANN's,
// for CANN's executors).
[[maybe_unused]] const bool executorCallsRegistered =
    (aclSimSetExecutorCalls(&SetExecutorRepeatable, &DestroyExecutor), true);

}  // namespace

Platform CurrentSimPlatform() { return ascendc_sim::CurrentDevicePlatform(); }

Platform CurrentPlatform() { return CurrentSimPlatform(); }

std::optional<Error> CheckDevice() { return std::nullopt; }  // every simulated device is a SoC of the table

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

void RecordRecentError(const std::string& message) { aclrtSimSetRecentErrMsg(message.c_str()); }

void NoteHostWrite(const void* dst, uint64_t bytes) { ascendc_sim::HostDefined(dst, bytes); }

}  // namespace ascendops
