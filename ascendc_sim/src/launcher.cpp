#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <system_error>
#include <thread>
#include <tuple>

#include "sim/context.h"
#include "sim/cost_model.h"
#include "sim/device_memory.h"
#include "sim/kernel_rules.h"
#include "sim/launch.h"
#include "sim/launch_checks.h"
#include "sim/mix.h"
#include "sim/types.h"

namespace ascendc_sim {
namespace {

constexpr uint8_t kUbPattern = 0xA5;      // UB starts with garbage on hardware; a fixed pattern keeps runs repeatable
constexpr uint32_t kMaxBlockDim = 65535;  // SetBlockDim: numBlocks in [1, 65535]

ascendc_sim::Error RuntimeError(std::string message) {
    return {ascendc_sim::Status::kRuntimeError, std::move(message)};
}

// Thread exhaustion is a launch error, not std::terminate: the cores already started are stopped.
template <typename Body>
bool StartCore(std::vector<std::thread>& threads, LaunchShared& shared, const std::string& prefix, uint32_t core,
               Body&& body) {
    try {
        threads.emplace_back(std::forward<Body>(body));
        return true;
    } catch (const std::system_error& e) {
        {
            std::lock_guard<std::mutex> lock(shared.errorMu);
            if (shared.firstError.empty()) shared.firstError = Str(prefix, "cannot start core ", core, ": ", e.what());
            shared.stop.store(true);
        }
        { std::lock_guard<std::mutex> lock(shared.barrierMu); }  // a waiter has either seen stop or is waiting
        shared.barrierCv.notify_all();
        return false;
    }
}

struct UbFree {
    void operator()(uint8_t* p) const { std::free(p); }
};

}  // namespace

uint32_t PhysicalCoreNum(const LaunchConfig& cfg) {
    return cfg.platform.coreNum + (cfg.vectorCores ? ascendc_sim::MixVectorCoreNum(cfg.platform) : 0);
}

bool OnVectorCore(const LaunchConfig& cfg, uint32_t block) {
    return cfg.vectorCores && block % std::max<uint32_t>(1, PhysicalCoreNum(cfg)) >= cfg.platform.coreNum;
}

uint64_t LaunchStats::TotalGmBytes() const {
    uint64_t total = 0;
    for (const CoreCost& c : cores) total += c.gmToUbBytes + c.ubToGmBytes + c.gmToL1Bytes + c.l0cToGmBytes;
    return total;
}

namespace {

// The launch's own errors, before any core runs ("" when none).
std::string CheckLaunch(const LaunchConfig& cfg, const std::vector<uint8_t*>& args) {
    std::string mixError = CheckMixLaunch(cfg);
    if (!mixError.empty()) return mixError;
    const uint16_t mixVector = ascendc_sim::KernelTypeBit(ascendc_sim::KernelType::kMixVectorCore);
    if (cfg.vectorCores && (cfg.aivPerAic != 0 || (cfg.platform.soc->rules.kernelTypeMask & mixVector) == 0)) {
        return Str("a MIX_VECTOR_CORE launch (Vector Cores) on ", cfg.platform.soc->name,
                   ", which documents no KERNEL_TYPE_MIX_VECTOR_CORE (设置Kernel类型.md)");
    }
    // More blocks than cores is legal: they run in rounds (a cross-core barrier then fails, kernel_rules.cpp).
    if (cfg.blockDim == 0 || cfg.blockDim > kMaxBlockDim) {
        return Str("blockDim ", cfg.blockDim, " outside [1, ", kMaxBlockDim, "]");
    }
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != nullptr && !FindAllocation(args[i], 0)) {
            return Str("argument ", i, " (", static_cast<const void*>(args[i]),
                       ") is not device memory from aclrtMalloc");
        }
    }
    return {};
}

void FailLaunch(LaunchShared& shared, const std::string& what) {
    std::lock_guard<std::mutex> lock(shared.errorMu);
    if (shared.firstError.empty()) shared.firstError = what;
    shared.stop.store(true);
}

// One core's thread: its UB (filled with a pattern), the kernel body, the end-of-kernel checks, then the count of
// finished cores that a waiting barrier reads.
void RunCore(LaunchShared& shared, CoreContext& core, const std::string& prefix, KernelThunk thunk, void* fn) {
    const uint64_t ubBytes = core.ubBytes;
    std::unique_ptr<uint8_t, UbFree> ub(static_cast<uint8_t*>(std::aligned_alloc(64, ubBytes)));
    if (ub) {
        std::memset(ub.get(), kUbPattern, ubBytes);
        core.ub = ub.get();
        tlsCore = &core;
        BeginCoreChecks(core);
        // 如何在矢量编程时启用Vector-Core.md: the AI Core supports only saturation mode, the Vector Core only inf/nan.
        tlsSaturateLowFloats = shared.cfg.platform.soc->rules.saturationOnly && !core.vectorCore;
        try {
            thunk(fn, shared.args.data());
            CheckKernelTypeAtEnd(core);
            CheckPipeSyncAtEnd(core);
            CloseTimeline(core);
            CacheAtEnd(core);
        } catch (const CoreStopped&) {
        } catch (const std::exception& e) {
            FailLaunch(shared, Str(prefix, "core ", core.blockIdx, ": exception: ", e.what()));
        }
        NoteCoreExit(core);
        tlsCore = nullptr;
        core.ub = nullptr;
    } else {
        FailLaunch(shared, Str(prefix, "cannot allocate the ", ubBytes, "-byte UB of core ", core.blockIdx));
    }
    {
        std::lock_guard<std::mutex> lock(shared.barrierMu);
        shared.coresFinished.fetch_add(1);
    }
    shared.barrierCv.notify_all();
}

// Rounds of at most coreNum blocks, as the hardware schedules blocks onto its physical cores; a MIX launch's AIC and
// AIVs serve each other, so its groups (bounded by CheckMixLaunch) all run at once.
uint32_t RunRounds(LaunchShared& shared, std::vector<CoreContext>& cores, const std::string& prefix, KernelThunk thunk,
                   void* fn) {
    const uint32_t threadCount = static_cast<uint32_t>(cores.size());
    const uint32_t perRound =
        shared.cfg.aivPerAic != 0 ? threadCount : std::max<uint32_t>(1, PhysicalCoreNum(shared.cfg));
    uint32_t rounds = 0;
    for (uint32_t first = 0; first < threadCount && !shared.stop.load(); first += perRound, ++rounds) {
        std::vector<std::thread> threads;
        for (uint32_t i = first; i < std::min(threadCount, first + perRound); ++i) {
            CoreContext* core = &cores[i];
            auto body = [&shared, core, &prefix, thunk, fn] { RunCore(shared, *core, prefix, thunk, fn); };
            if (!StartCore(threads, shared, prefix, i, body)) break;
        }
        for (std::thread& t : threads) t.join();
    }
    return rounds;
}

// What only the whole launch shows: GM guard zones, write races between cores, stale cache lines ("" when none).
std::string CheckAfterLaunch(const std::vector<CoreContext>& cores) {
    std::vector<std::string> guards = CheckAllGuards(/*repair=*/true);
    if (!guards.empty()) return "GM overrun caught by a guard zone after the launch: " + guards[0];
    std::string race = FindGmRace(cores);
    if (!race.empty()) return race;
    return FindCacheRace(cores);
}

// Launch-wide cube figures: the L2 share of every AIC's GM->L1 bytes, and each AIC's epilogue (the shortest of its
// AIVs': the AIV whose request the AIC serves last still has that much vector work after the cube is done).
void FinishCubeCosts(std::vector<CoreContext>& cores, const ascendc_sim::SocInfo& soc) {
    std::vector<const CubeReadLog*> logs;
    uint64_t l1Bytes = 0;
    for (const CoreContext& c : cores) {
        if (c.cost.gmToL1Bytes == 0) continue;
        logs.push_back(&c.cubeReads);
        l1Bytes += c.cost.gmToL1Bytes;
    }
    if (logs.empty()) return;
    const double hit = CubeL2HitShare(logs, l1Bytes, soc.cost.l2Bytes);
    for (CoreContext& c : cores) {
        c.cost.cubeL2HitShare = hit;
        if (!c.isAic) continue;
        double epilogue = -1;
        for (const CoreContext& v : cores) {
            if (v.isAic || v.groupIdx != c.groupIdx || v.cost.cubeEpilogueCycles < 0) continue;
            epilogue = epilogue < 0 ? v.cost.cubeEpilogueCycles : std::min(epilogue, v.cost.cubeEpilogueCycles);
        }
        c.cost.cubeEpilogueCycles = std::max(0.0, epilogue);
    }
}

}  // namespace

ascendc_sim::Result<LaunchStats> LaunchErased(const LaunchConfig& cfg, KernelThunk thunk, void* fn,
                                              const std::vector<uint8_t*>& args) {
    std::string prefix = Str("kernel '", cfg.kernel, "': ");
    if (cfg.platform.soc == nullptr) return RuntimeError(prefix + "LaunchConfig has no SoC");
    std::string launchError = CheckLaunch(cfg, args);
    if (!launchError.empty()) return RuntimeError(prefix + launchError);

    LaunchShared shared;
    shared.cfg = cfg;
    shared.cube = MakeCubeShared(cfg);
    shared.args = args;
    const uint32_t threadCount = LaunchThreadCount(cfg);
    std::vector<CoreContext> cores(threadCount);
    for (uint32_t i = 0; i < threadCount; ++i) {
        cores[i].launch = &shared;
        cores[i].blockIdx = i;
        cores[i].ubBytes = cfg.platform.UbBytes();  // assumed: a Vector Core's UB as the AI core's (docs/twin.md)
        cores[i].vectorCore = cores[i].cost.vectorCore = OnVectorCore(cfg, i);
        AssignCoreRole(cores[i], cfg, i);
    }
    SpanTrace trace;
    if (cfg.trace.core >= 0) {
        trace.core = cfg.trace.core;
        trace.maxSpans = std::min(cfg.trace.maxSpans, kMaxTraceSpans);
        if (static_cast<uint32_t>(cfg.trace.core) < threadCount) cores[cfg.trace.core].trace = &trace;
    }
    PrepareLaunchChecks(shared, cores);
    const uint32_t rounds = RunRounds(shared, cores, prefix, thunk, fn);
    if (shared.stop.load()) return RuntimeError(LaunchFailure(shared, cores, prefix));
    std::string afterError = CheckAfterLaunch(cores);
    if (afterError.empty()) afterError = CheckOutputsWritten(cfg);
    if (!afterError.empty()) return RuntimeError(prefix + afterError);

    FinishCubeCosts(cores, *cfg.platform.soc);
    KeepLaunchWritesInL2(cores, cfg.platform.soc->cost.l2Bytes);
    LaunchStats stats;
    stats.kernel = cfg.kernel;
    stats.blockDim = cfg.blockDim;
    stats.tilingKey = cfg.tilingKey;
    stats.soc = cfg.platform.soc;
    stats.trace = std::move(trace);
    stats.rounds = rounds;
    stats.notes = shared.notes;
    for (const CoreContext& c : cores) stats.cores.push_back(c.cost);
    if (cfg.costModel) stats.modeled = ModelTime(stats, *cfg.platform.soc);
    return stats;
}

}  // namespace ascendc_sim
