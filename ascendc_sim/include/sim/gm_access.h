// Checks of every GM access: inside one device allocation, recorded for the cross-core race check, counted.
#pragma once
#include <cstdint>

#include "sim/context.h"

namespace ascendc_sim {

enum class GmAccess : uint8_t { kRead, kWrite, kAtomicWrite };

// Fails unless [p, p + bytes) lies inside one device allocation; `log` records the access for the cross-core race
// check (sim/gm_race.h).
void CheckGm(CoreContext& c, const char* api, const void* p, uint64_t bytes, GmAccess access, bool log = true);
// CheckGm of each of `count` rows of `rowBytes`, `pitch` apart from p, logged as one record: rows inside one
// allocation's span at one lookup; the rows one by one when the span is not (to name the first bad row) and in a
// MIX launch (the cube's pending writes are checked per row).
void CheckGmRows(CoreContext& c, const char* api, const void* p, uint64_t count, uint64_t rowBytes, uint64_t pitch,
                 GmAccess access);

// Called by GlobalTensor::GetValue: fails when a core spins on a GM value that never changes (a hang on hardware).
void NoteGmPoll(CoreContext& c, const void* addr, uint64_t bits);

}  // namespace ascendc_sim
