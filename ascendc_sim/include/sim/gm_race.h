// Cross-core GM races of one launch, found as a thread sanitizer finds them: each core keeps a vector clock of what
// it knows of the others; SyncAll, CrossCoreSetFlag -> CrossCoreWaitFlag, IBSet -> IBWait and a Matmul request and
// its return carry clocks from core to core. Two accesses of one GM byte by two cores, at least one a write (two
// atomic adds excepted), race unless one's clock orders it before the other. Each core logs its GM accesses (byte
// ranges and the clock segment they fell in); the launch compares the logs once all cores stopped, so what is found
// does not depend on how the threads happened to interleave.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sim/call_site.h"
#include "sim/strided_range.h"

namespace ascendc_sim {

struct CoreContext;

enum class GmAccessKind : uint8_t { kRead, kWrite, kAtomic };

struct GmAccessRecord {
    uint64_t allocId;
    StridedRange bytes;  // byte offsets inside the allocation: a strided copy's rows are one record
    uint32_t segment;    // index into the core's clock segments
    GmAccessKind kind;
    const char* api;
    SourceLine line;
    bool polled = false;  // a scalar load of a line before it acquired another core's write-back (sim/dcache.h)
};

// One core's clock and log.
struct RaceClock {
    uint32_t self = 0;                            // this core's index in every clock
    std::vector<uint32_t> clock;                  // clock[k]: the last event of core k this core is ordered after
    std::vector<std::vector<uint32_t>> segments;  // the clock each logged access was made under
    bool segmentOpen = false;                     // segments.back() is the current clock
    std::vector<GmAccessRecord> log;
};

// A released clock, as a flag, a slot or a barrier carries it.
using ClockSnapshot = std::vector<uint32_t>;

void InitRaceClock(CoreContext& c, uint32_t cores, uint32_t self);
// This core's clock as of now, then a new event of its own (SyncAll arrival, SetFlag, IBSet, a Matmul request).
ClockSnapshot ReleaseClock(CoreContext& c);
// This core is ordered after `snapshot` (WaitFlag, IBWait, a barrier's join).
void AcquireClock(CoreContext& c, const ClockSnapshot& snapshot);
// Joins `snapshot` into `into` (a barrier collecting its arrivals, a flag set twice).
void JoinClock(ClockSnapshot& into, const ClockSnapshot& snapshot);
// Logs a GM access of [begin, end) of allocation `allocId` by the current API.
void LogGmAccess(CoreContext& c, const char* api, uint64_t allocId, uint64_t begin, uint64_t end, GmAccessKind kind);
// Logs a GM access of the rows `bytes` (offsets inside allocation `allocId`) by the current API: one record, which a
// loop continuing the same rows extends.
void LogGmRowsAccess(CoreContext& c, const char* api, uint64_t allocId, const StridedRange& bytes, GmAccessKind kind);
// Marks this core's scalar loads (GlobalTensor::GetValue, ReadGmByPassDCache) of [begin, end) of allocation `allocId`
// so far as polls: they read a flag before the write-back a later load of it acquired, and race with nothing.
void MarkPolledLoads(CoreContext& c, uint64_t allocId, uint64_t begin, uint64_t end);
// The first race between the cores' logs ("" when none).
std::string FindGmRace(const std::vector<CoreContext>& cores);

}  // namespace ascendc_sim
