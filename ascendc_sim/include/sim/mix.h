// MIX launches on the twin: blockDim AIC:AIV groups run as 1 + aivPerAic threads each; the AIC serves the Matmul
// requests of its AIVs (the separated-architecture mode of the Matmul API: REGIST_MATMUL_OBJ makes the AIC wait for
// messages, docs REGIST_MATMUL_OBJ); cross-core flags (CrossCoreSetFlag / CrossCoreWaitFlag).
#pragma once
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "sim/context.h"
#include "sim/sync.h"

namespace ascendc_sim {

// One unit of cube work an AIV hands to its AIC; runs on the AIC thread.
struct CubeRequest {
    std::function<void()> work;
    bool done = false;
    ClockSnapshot posted, served;  // the AIV's clock when it posted, the AIC's when it finished (sim/gm_race.h)
};

// A GM byte range an AIV must not touch until it waited for the cube (async IterateAll).
struct PendingRange {
    const uint8_t* begin;
    const uint8_t* end;
    const void* owner;  // the Matmul object
    const CoreContext* core;
};

inline constexpr int kCrossCoreFlagIds = 32;  // AIC side: 0-15 from AIV0, 16-31 from AIV1 (docs, flagId ranges)

struct CubeGroup {
    std::mutex mu;
    std::condition_variable cv;
    std::deque<CubeRequest*> queue;
    uint32_t aivExited = 0;
    bool aicExited = false;
    bool aicServing = false;
    bool aicBusy = false;  // the AIC is running a request: waiting AIVs see progress, not a deadlock
    int32_t aicFlags[kCrossCoreFlagIds] = {};
    int32_t aivFlags[2][16] = {};
    ClockSnapshot aicFlagClocks[kCrossCoreFlagIds];  // the joined clocks of each flag's sets (sim/gm_race.h)
    ClockSnapshot aivFlagClocks[2][16];
    // Modes 1 and 2 (CrossCoreSetFlag.md): each AIV's sets of a flag not yet delivered, until every AIV of the group
    // has set it; [mode - 1][AIV][flag], with the join of the setters' clocks.
    int32_t aivPairSets[2][2][16] = {};
    ClockSnapshot aivPairClocks[2][16];
    std::vector<PendingRange> pending;
};

struct CubeShared {
    explicit CubeShared(uint32_t groups) : groups(groups) {}
    std::deque<CubeGroup> groups;  // deque: CubeGroup is not movable
    // Mode 0 (CrossCoreSetFlag.md): the sets of a flag by the launch's cores of one kind ([0] AIV, [1] AIC) not yet
    // delivered, until every core of that kind has set it.
    std::mutex allCoresMu;
    uint32_t allCoresSets[2][16] = {};
    ClockSnapshot allCoresClocks[2][16];
};

// Launcher hooks (small, additive): the launch's validity, its thread count, each thread's role, its exit.
std::string CheckMixLaunch(const LaunchConfig& cfg);
uint32_t LaunchThreadCount(const LaunchConfig& cfg);
std::shared_ptr<CubeShared> MakeCubeShared(const LaunchConfig& cfg);
void AssignCoreRole(CoreContext& c, const LaunchConfig& cfg, uint32_t thread);
void NoteCoreExit(CoreContext& c);

CubeGroup& GroupOf(CoreContext& c, const char* api);  // fails outside a MIX launch
// AIV side: runs `request` on the group's AIC; waits for it unless `wait` is false (then WaitCube later).
void PostToCube(CoreContext& c, const char* api, CubeRequest& request, bool wait);
void WaitCube(CoreContext& c, const char* api, CubeRequest& request);
// AIC side: serves the group's AIVs until every one of them left the kernel.
void ServeCube(CoreContext& c);
// AIV side: GM ranges written by a cube request the AIV has not waited for.
void AddPending(CoreContext& c, PendingRange range);
void ClearPending(CoreContext& c, const void* owner);
void CheckCubePending(CoreContext& c, const char* api, const void* p, uint64_t bytes);

// Matmul objects registered on this core (REGIST_MATMUL_OBJ); they reserve cross-core flag ids [0, 2N-1].
uint32_t& RegisteredMatmulObjects();

void CrossCoreSet(uint8_t modeId, pipe_t pipe, uint16_t flagId);
void CrossCoreWait(uint8_t modeId, pipe_t pipe, uint16_t flagId);

}  // namespace ascendc_sim

namespace AscendC {

template <uint8_t modeId, pipe_t pipe>
__aicore__ inline void CrossCoreSetFlag(uint16_t flagId, ascendc_sim::CallSite = {}) {
    ascendc_sim::CrossCoreSet(modeId, pipe, flagId);
}
template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
__aicore__ inline void CrossCoreWaitFlag(uint16_t flagId, ascendc_sim::CallSite = {}) {
    ascendc_sim::CrossCoreWait(modeId, pipe, flagId);
}

}  // namespace AscendC
