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

// CrossCoreSetFlag.md: mode 0 syncs all the launch's cores of one kind (AIC or AIV), mode 1 the AIVs of a group,
// mode 2 the AIC with its AIVs (the AIC's set reaches every AIV; the AIC's wait passes once every AIV has set); mode
// 4 pairs the AIC with each AIV of a 1:2 group: AIV s's flag f (0-15) is the AIC's flag f + 16 s, and the AIC's flag
// f + 16 s reaches AIV s as f. The Matmul API owns [0, 2N - 1] for N objects; PIPE_S and PIPE_ALL are not allowed
// on A2/A3. A wait takes no mode: it consumes its core's counter of the flag, whichever mode set it.
void CheckFlag(CoreContext& c, const char* api, uint8_t modeId, pipe_t pipe, uint16_t flagId, bool set) {
    if (modeId != 0 && modeId != 1 && modeId != 2 && modeId != 4) {
        Fail(api, Str("modeId ", int(modeId), " is none of CrossCoreSetFlag's modes 0, 1, 2 (4 on dav_3510)"));
    }
    if (set && modeId == 1 && c.isAic) Fail(api, "mode 1 syncs the AIVs of a group: an AIC cannot set it");
    // the pipe parameter of CrossCoreSetFlag (CrossCoreWaitFlag<modeId = 0, pipe = PIPE_S>: CANN
    // kernel_operator_common_intf.h:111)
    if (set && (pipe == PIPE_S || pipe == PIPE_ALL)) {
        Fail(api, "pipe PIPE_S / PIPE_ALL not supported (docs: CrossCoreSetFlag)");
    }
    uint32_t limit = c.isAic && (modeId == 4 || !set) ? 16 * c.taskRation : 16;
    if (flagId >= limit) Fail(api, Str("flagId ", flagId, " outside [0, ", limit - 1, "]"));
    uint32_t reserved = 2 * RegisteredMatmulObjects();
    if (flagId % 16 < reserved) {
        Fail(api, Str("flagId ", flagId, " is used by the Matmul API ([0, ", reserved - 1, "] for ",
                      RegisteredMatmulObjects(), " registered objects)"));
    }
}

// One more on a core's counter of flag f, with the clock that set it; the caller holds g.mu.
void DeliverToAic(CubeGroup& g, uint16_t f, const ClockSnapshot& clock) {
    ++g.aicFlags[f];
    JoinClock(g.aicFlagClocks[f], clock);
}
void DeliverToAiv(CubeGroup& g, uint32_t s, uint16_t f, const ClockSnapshot& clock) {
    ++g.aivFlags[s][f];
    JoinClock(g.aivFlagClocks[s][f], clock);
}

// Mode 0: once every core of the kind has set f, each of them gets one.
void SetAllCores(CoreContext& c, uint16_t f, const ClockSnapshot& mine) {
    CubeShared& shared = *c.launch->cube;
    const uint32_t aivs = c.launch->cfg.aivPerAic, groups = static_cast<uint32_t>(shared.groups.size());
    const int kind = c.isAic ? 1 : 0;
    std::lock_guard<std::mutex> all(shared.allCoresMu);
    JoinClock(shared.allCoresClocks[kind][f], mine);
    if (++shared.allCoresSets[kind][f] < (c.isAic ? groups : groups * aivs)) return;
    shared.allCoresSets[kind][f] = 0;
    for (CubeGroup& g : shared.groups) {
        {
            std::lock_guard<std::mutex> lock(g.mu);
            if (c.isAic) DeliverToAic(g, f, shared.allCoresClocks[kind][f]);
            for (uint32_t s = 0; !c.isAic && s < aivs; ++s) DeliverToAiv(g, s, f, shared.allCoresClocks[kind][f]);
        }
        g.cv.notify_all();
    }
}

// Modes 1 and 2 set by an AIV: once every AIV of the group has set f, mode 1 gives each AIV one, mode 2 the AIC.
void SetFromAivPair(CoreContext& c, CubeGroup& g, uint8_t modeId, uint16_t f, const ClockSnapshot& mine) {
    const uint32_t aivs = c.launch->cfg.aivPerAic;
    int32_t(&sets)[2][16] = g.aivPairSets[modeId - 1];
    JoinClock(g.aivPairClocks[modeId - 1][f], mine);
    ++sets[c.subBlockIdx][f];
    for (uint32_t s = 0; s < aivs; ++s) {
        if (sets[s][f] == 0) return;
    }
    for (uint32_t s = 0; s < aivs; ++s) --sets[s][f];
    if (modeId == 2) return DeliverToAic(g, f, g.aivPairClocks[1][f]);
    for (uint32_t s = 0; s < aivs; ++s) DeliverToAiv(g, s, f, g.aivPairClocks[0][f]);
}

}  // namespace

void CrossCoreSet(uint8_t modeId, pipe_t pipe, uint16_t flagId) {
    CoreContext& c = Core();
    Poll(c);
    CubeGroup& g = GroupOf(c, "CrossCoreSetFlag");
    CheckFlag(c, "CrossCoreSetFlag", modeId, pipe, flagId, true);
    const ClockSnapshot mine = ReleaseClock(c);
    if (modeId == 0) return SetAllCores(c, flagId, mine);
    {
        std::lock_guard<std::mutex> lock(g.mu);
        if (modeId != 4 && !c.isAic) {
            SetFromAivPair(c, g, modeId, flagId, mine);
        } else if (modeId == 2) {
            for (uint32_t s = 0; s < c.launch->cfg.aivPerAic; ++s) DeliverToAiv(g, s, flagId, mine);
        } else if (c.isAic) {
            DeliverToAiv(g, flagId / 16, flagId % 16, mine);
        } else {
            DeliverToAic(g, static_cast<uint16_t>(flagId + 16 * c.subBlockIdx), mine);
        }
    }
    g.cv.notify_all();
}

void CrossCoreWait(uint8_t modeId, pipe_t pipe, uint16_t flagId) {
    CoreContext& c = Core();
    Poll(c);
    CubeGroup& g = GroupOf(c, "CrossCoreWaitFlag");
    CheckFlag(c, "CrossCoreWaitFlag", modeId, pipe, flagId, false);
    std::unique_lock<std::mutex> lock(g.mu);
    int32_t& counter = c.isAic ? g.aicFlags[flagId] : g.aivFlags[c.subBlockIdx][flagId];
    WaitGroup(c, g, lock, "CrossCoreWaitFlag", Str("flag ", flagId, " that no core sets"), [&] { return counter > 0; });
    --counter;
    AcquireClock(c, c.isAic ? g.aicFlagClocks[flagId] : g.aivFlagClocks[c.subBlockIdx][flagId]);
}

}  // namespace ascendc_sim
