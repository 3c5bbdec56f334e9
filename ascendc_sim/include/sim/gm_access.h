// Checks of every GM access: inside one device allocation, recorded for the cross-core race check, counted.
#pragma once
#include <cstdint>

#include "sim/context.h"

namespace ascendc_sim {

enum class GmAccess : uint8_t { kRead, kWrite, kAtomicWrite };

// Fails unless [p, p + bytes) lies inside one device allocation; `log` records the access for the cross-core race
// check (sim/gm_race.h).
void CheckGm(CoreContext& c, const char* api, const void* p, uint64_t bytes, GmAccess access, bool log = true);

// Called by GlobalTensor::GetValue: fails when a core spins on a GM value that never changes (a hang on hardware).
void NoteGmPoll(CoreContext& c, const void* addr, uint64_t bits);

}  // namespace ascendc_sim
