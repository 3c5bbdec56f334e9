#include "sim/mix.h"

#include <algorithm>
#include <chrono>

#include "ascendc_sim/platform/soc_cube.h"

namespace ascendc_sim {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kPollInterval = std::chrono::milliseconds(20);

// Waits on the group until `ready`, unwinding on another core's error and failing after the deadlock timeout.
template <typename Ready>
void WaitGroup(CoreContext& c, CubeGroup& g, std::unique_lock<std::mutex>& lock, const char* api,
               const std::string& what, Ready ready) {
    Clock::time_point start = Clock::now();
    while (!ready()) {
        g.cv.wait_for(lock, kPollInterval);
        if (c.launch->stop.load()) throw CoreStopped{};
        double waited = std::chrono::duration<double>(Clock::now() - start).count();
        if (!ready() && waited > c.launch->cfg.deadlockTimeoutSeconds) {
            lock.unlock();
            Fail(api, Str("deadlock: waited ", waited, " s for ", what));
        }
    }
}

}  // namespace

std::string CheckMixLaunch(const LaunchConfig& cfg) {
    if (cfg.aivPerAic == 0 && !cfg.aicOnly) return {};
    const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(cfg.platform.soc->version);
    if (cfg.aicOnly) {
        // 设置Kernel类型.md: KERNEL_TYPE_AIC_ONLY exists on the separated architecture (A2/A3) only.
        if (cube == nullptr || !cube->separated || cfg.aivPerAic != 0) {
            return Str("AIC-only launch on ", cfg.platform.soc->name,
                       cfg.aivPerAic != 0 ? " with AIVs" : ", which has no separate AIC cores");
        }
        return {};
    }
    // Docs (GetBlockIdx, GetSubBlockIdx): MIX groups pair 1 AIC with 1 or 2 AIVs on separated-architecture SoCs.
    if (cube == nullptr || !cube->separated) {
        return Str("MIX AIC:AIV launch on ", cfg.platform.soc->name, ", which has no separate AIC and AIV cores");
    }
    if (cfg.aivPerAic > cube->aivPerAic) {
        return Str("MIX ratio 1:", cfg.aivPerAic, " beyond the 1:", cube->aivPerAic, " AIC:AIV of ",
                   cfg.platform.soc->name);
    }
    uint32_t groups = cfg.platform.coreNum / cube->aivPerAic;  // one AIC per aivPerAic AIVs of the platform
    if (cfg.blockDim == 0 || cfg.blockDim > groups) {
        return Str("MIX blockDim ", cfg.blockDim, " (AIC:AIV groups) outside [1, ", groups, "] for ",
                   cfg.platform.soc->name);
    }
    return {};
}

uint32_t LaunchThreadCount(const LaunchConfig& cfg) { return cfg.blockDim * (1 + cfg.aivPerAic); }

std::shared_ptr<CubeShared> MakeCubeShared(const LaunchConfig& cfg) {
    return cfg.aivPerAic == 0 ? nullptr : std::make_shared<CubeShared>(cfg.blockDim);
}

// Threads [0, blockDim * ratio) are the AIVs (GetBlockIdx in [0, ratio * blockDim), docs GetBlockIdx), then one
// AIC per group (GetBlockIdx in [0, blockDim)).
void AssignCoreRole(CoreContext& c, const LaunchConfig& cfg, uint32_t thread) {
    if (cfg.aicOnly) {
        c.isAic = true;
        c.groupIdx = thread;
        return;
    }
    if (cfg.aivPerAic == 0) return;
    uint32_t aivs = cfg.blockDim * cfg.aivPerAic;
    c.isAic = thread >= aivs;
    c.groupIdx = c.isAic ? thread - aivs : thread / cfg.aivPerAic;
    c.blockIdx = c.isAic ? c.groupIdx : thread;
    c.subBlockIdx = c.isAic ? 0 : thread % cfg.aivPerAic;
    c.taskRation = cfg.aivPerAic;
}

void NoteCoreExit(CoreContext& c) {
    if (!c.launch->cube) return;
    CubeGroup& g = c.launch->cube->groups[c.groupIdx];
    std::string leak;
    {
        std::lock_guard<std::mutex> lock(g.mu);
        if (c.isAic) {
            g.aicExited = true;
        } else {
            ++g.aivExited;
            auto mine =
                std::find_if(g.pending.begin(), g.pending.end(), [&](const PendingRange& r) { return r.core == &c; });
            if (mine != g.pending.end()) leak = "async IterateAll never waited for (WaitIterateAll missing)";
        }
    }
    g.cv.notify_all();
    if (!leak.empty() && !c.launch->stop.load()) {
        std::lock_guard<std::mutex> lock(c.launch->errorMu);
        if (c.launch->firstError.empty()) {
            c.launch->firstError = Str("kernel '", c.launch->cfg.kernel, "' AIV ", c.blockIdx, ": Matmul: ", leak);
        }
        c.launch->stop.store(true);
    }
}

CubeGroup& GroupOf(CoreContext& c, const char* api) {
    if (!c.launch->cube) Fail(api, "needs a MIX launch (KERNEL_TYPE_MIX_AIC_1_1 / 1_2): no AIC in this launch");
    return c.launch->cube->groups[c.groupIdx];
}

void PostToCube(CoreContext& c, const char* api, CubeRequest& request, bool wait) {
    CubeGroup& g = GroupOf(c, api);
    {
        std::lock_guard<std::mutex> lock(g.mu);
        if (g.aicExited) Fail(api, Str("the AIC of group ", c.groupIdx, " already left the kernel"));
        request.posted = ReleaseClock(c);
        g.queue.push_back(&request);
    }
    g.cv.notify_all();
    if (wait) WaitCube(c, api, request);
}

void WaitCube(CoreContext& c, const char* api, CubeRequest& request) {
    CubeGroup& g = GroupOf(c, api);
    std::unique_lock<std::mutex> lock(g.mu);
    // The deadlock timeout counts only time the AIC spends idle: a long IterateAll (its own or the other AIV's,
    // e.g. K = 220000 on the twin) is progress, and leaving early would free what the AIC still uses.
    Clock::time_point idleSince = Clock::now();
    while (!request.done && !g.aicExited) {
        g.cv.wait_for(lock, kPollInterval);
        if (c.launch->stop.load()) throw CoreStopped{};
        if (g.aicBusy) idleSince = Clock::now();
        double idle = std::chrono::duration<double>(Clock::now() - idleSince).count();
        if (!request.done && !g.aicExited && idle > c.launch->cfg.deadlockTimeoutSeconds) {
            lock.unlock();
            Fail(api, Str("deadlock: waited ", idle, " s for the AIC of group ", c.groupIdx,
                          " (REGIST_MATMUL_OBJ not reached on the AIC?)"));
        }
    }
    if (!request.done) {
        lock.unlock();
        Fail(api, Str("the AIC of group ", c.groupIdx, " left the kernel without serving the Matmul request"));
    }
    AcquireClock(c, request.served);
    NoteCubeReturn(c);
}

void ServeCube(CoreContext& c) {
    CubeGroup& g = GroupOf(c, "REGIST_MATMUL_OBJ");
    std::unique_lock<std::mutex> lock(g.mu);
    g.aicServing = true;
    for (;;) {
        while (g.queue.empty() && g.aivExited < c.taskRation) {
            g.cv.wait_for(lock, kPollInterval);
            if (c.launch->stop.load()) throw CoreStopped{};
        }
        if (g.queue.empty()) return;
        CubeRequest* r = g.queue.front();
        g.queue.pop_front();
        g.aicBusy = true;
        AcquireClock(c, r->posted);
        lock.unlock();
        r->work();
        lock.lock();
        g.aicBusy = false;
        r->served = ReleaseClock(c);
        r->done = true;
        g.cv.notify_all();
    }
}

void AddPending(CoreContext& c, PendingRange range) {
    CubeGroup& g = GroupOf(c, "IterateAll");
    std::lock_guard<std::mutex> lock(g.mu);
    g.pending.push_back(range);
}

void ClearPending(CoreContext& c, const void* owner) {
    CubeGroup& g = GroupOf(c, "WaitIterateAll");
    std::lock_guard<std::mutex> lock(g.mu);
    g.pending.erase(
        std::remove_if(g.pending.begin(), g.pending.end(), [&](const PendingRange& r) { return r.owner == owner; }),
        g.pending.end());
}

// Docs (IterateAll, WaitIterateAll): in the async mode the AIV must wait before it uses C; touching C earlier reads
// or overwrites what the cube is still writing. Only the AIV's own pending output counts (a sibling's overlapping
// write is the launch's cross-core race check).
void CheckCubePending(CoreContext& c, const char* api, const void* p, uint64_t bytes) {
    if (!c.launch->cube || c.isAic) return;
    CubeGroup& g = c.launch->cube->groups[c.groupIdx];
    auto* b = static_cast<const uint8_t*>(p);
    std::unique_lock<std::mutex> lock(g.mu);
    for (const PendingRange& r : g.pending) {
        if (r.core == &c && b < r.end && b + bytes > r.begin) {
            lock.unlock();
            Fail(api, Str("GM bytes the cube is still writing (async IterateAll) accessed before WaitIterateAll"));
        }
    }
}

uint32_t& RegisteredMatmulObjects() { return Core().registeredMatmulObjects; }

namespace {

// Docs (CrossCoreSetFlag): mode 4 pairs the AIC with each AIV of a 1:2 group: AIV s's flag f (0-15) is the AIC's
// flag f + 16 s, and the AIC's flag f + 16 s reaches AIV s as f. The Matmul API owns [0, 2N - 1] for N objects;
// PIPE_S and PIPE_ALL are not allowed on A2/A3.
void CheckFlag(CoreContext& c, const char* api, uint8_t modeId, pipe_t pipe, uint16_t flagId) {
    if (modeId != 4) Fail(api, Str("modeId ", int(modeId), " is not modeled by the twin (mode 4 only)"));
    if (pipe == PIPE_S || pipe == PIPE_ALL) Fail(api, "pipe PIPE_S / PIPE_ALL not supported (docs: CrossCoreSetFlag)");
    uint32_t limit = c.isAic ? 16 * c.taskRation : 16;
    if (flagId >= limit) Fail(api, Str("flagId ", flagId, " outside [0, ", limit - 1, "]"));
    uint32_t reserved = 2 * RegisteredMatmulObjects();
    if (flagId % 16 < reserved) {
        Fail(api, Str("flagId ", flagId, " is used by the Matmul API ([0, ", reserved - 1, "] for ",
                      RegisteredMatmulObjects(), " registered objects)"));
    }
}

}  // namespace

void CrossCoreSet(uint8_t modeId, pipe_t pipe, uint16_t flagId) {
    CoreContext& c = Core();
    Poll(c);
    CubeGroup& g = GroupOf(c, "CrossCoreSetFlag");
    CheckFlag(c, "CrossCoreSetFlag", modeId, pipe, flagId);
    {
        std::lock_guard<std::mutex> lock(g.mu);
        const ClockSnapshot mine = ReleaseClock(c);
        if (c.isAic) {
            ++g.aivFlags[flagId / 16][flagId % 16];
            JoinClock(g.aivFlagClocks[flagId / 16][flagId % 16], mine);
        } else {
            ++g.aicFlags[flagId + 16 * c.subBlockIdx];
            JoinClock(g.aicFlagClocks[flagId + 16 * c.subBlockIdx], mine);
        }
    }
    g.cv.notify_all();
}

void CrossCoreWait(uint8_t modeId, pipe_t pipe, uint16_t flagId) {
    CoreContext& c = Core();
    Poll(c);
    CubeGroup& g = GroupOf(c, "CrossCoreWaitFlag");
    CheckFlag(c, "CrossCoreWaitFlag", modeId, pipe, flagId);
    std::unique_lock<std::mutex> lock(g.mu);
    int32_t& counter = c.isAic ? g.aicFlags[flagId] : g.aivFlags[c.subBlockIdx][flagId];
    WaitGroup(c, g, lock, "CrossCoreWaitFlag", Str("flag ", flagId, " that no core sets"), [&] { return counter > 0; });
    --counter;
    AcquireClock(c, c.isAic ? g.aicFlagClocks[flagId] : g.aivFlagClocks[c.subBlockIdx][flagId]);
}

}  // namespace ascendc_sim
