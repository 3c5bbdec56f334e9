// One of our kernel-level aclnn pairs called from inside a composition's phase 2: the seam where a composition
// launches one of our kernels. On the twin the pair is op_api's own (checks, tiling, the twin's launcher); on the
// NPU it is the opp package's pair that CANN generates from the same OpDef and tiling (libcust_opapi.so). Its
// workspace is carved from the composition's, which reserved what our tiling says the kernel needs.
#pragma once
#include <cstdint>
#include <string>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "common/aclnn_context.h"

namespace ascendops {

using Phase2Fn = aclnnStatus (*)(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

// phase1(&size, &executor), then phase2 on `stream` with `workspace` (at most `reserved` bytes). Returns the launch's
// report (the twin's model; on the NPU only that it launched), or the pair's status with its message, or 361001
// when the pair asks for more workspace than was reserved.
template <typename Phase1>
Result<LaunchReport> CallPair(const char* op, Phase1&& phase1, Phase2Fn phase2, uint8_t* workspace, uint64_t reserved,
                              aclrtStream stream) {
    uint64_t size = 0;
    aclOpExecutor* executor = nullptr;
    auto failed = [op](aclnnStatus status) {
        const char* why = aclGetRecentErrMsg();
        return Error{static_cast<Status>(status), std::string(op) + ": " + (why != nullptr ? why : "")};
    };
    if (const aclnnStatus s = phase1(&size, &executor); s != 0) return failed(s);
    if (size > reserved) {
        phase2(nullptr, 0, executor, stream);  // releases the executor (it fails on the missing workspace, unlaunched)
        return Error{Status::kRuntimeError, std::string(op) + " asks for " + std::to_string(size) +
                                                " workspace bytes; the composition reserved " +
                                                std::to_string(reserved)};
    }
    if (const aclnnStatus s = phase2(size > 0 ? workspace : nullptr, size, executor, stream); s != 0) return failed(s);
    return LastLaunchReport();
}

}  // namespace ascendops
