// The NPU's side of what differs per backend: the platform of the current device (aclrtGetSocName, matched against
// the SoC variants of ascendc_sim/platform/soc.h) and where error messages go. CANN's runtime offers no public call
// that sets aclGetRecentErrMsg, so op_api's own messages go to stderr beside the status code it returns. Compiled only
// in the NPU build (cmake/npu.cmake); never run in this repository.
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

#include "acl/acl.h"
#include "aclnn_context.h"

namespace ascendops {
namespace {

// The SoC variant of the current device by its name ("Ascend910B3"), else the row whose name it starts with.
std::optional<Platform> DevicePlatform() {
    const char* name = aclrtGetSocName();
    if (name == nullptr) return std::nullopt;
    for (const SocVariant& v : kSocVariants) {
        if (std::strcmp(v.name, name) == 0) return Platform::Of(v.soc, v.vectorKernelCoreNum);
    }
    return std::nullopt;
}

}  // namespace

Platform CurrentPlatform() { return *DevicePlatform(); }  // CheckDevice() came first

std::optional<Error> CheckDevice() {
    if (DevicePlatform()) return std::nullopt;
    const char* name = aclrtGetSocName();
    return Error{Status::kRuntimeError,
                 std::string("the current device is ") + (name != nullptr ? name : "unnamed") +
                     ", none of the SoC variants ascendops supports (ascendc_sim/platform/soc.h)"};
}

void RecordRecentError(const std::string& message) {
    if (!message.empty()) std::fprintf(stderr, "[ascendops] %s\n", message.c_str());
}

void NoteHostWrite(const void*, uint64_t) {}

}  // namespace ascendops
