// The simulated devices of the twin's acl runtime: a process-wide, append-only registry (device id -> SoC and
// core count) and, as in the CANN runtime, a current device per thread (aclrtSetDevice). Nothing a thread sets
// changes what another thread runs on.
#pragma once
#include <cstdint>
#include <optional>

#include "ascendc_sim/platform/soc.h"

namespace ascendc_sim {

// The platform simulated device `deviceId` plays; nullopt for an id never defined.
std::optional<ascendc_sim::Platform> DevicePlatform(int32_t deviceId);

// The calling thread's device. A thread that never called aclrtSetDevice uses device 0 (ascend310p at its own
// count): an assumption of the twin, where CANN would refuse the call (docs/twin.md, Devices).
ascendc_sim::Platform CurrentDevicePlatform();

// Twin only: the calling thread's later operator calls see at most `count` Vector Cores on 310P (their tilings and
// launches both read CurrentDevicePlatform), -1 the device's own; so one build can model a MIX_VECTOR_CORE kernel on
// the AI cores alone (bench split's 8-block column).
void SetVectorCoreLimit(int32_t count);

// A kernel launched on `stream` (an aclrtStream) failed: its next aclrtSynchronizeStream reports it.
void MarkStreamFailed(void* stream);

}  // namespace ascendc_sim
