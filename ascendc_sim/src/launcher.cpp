#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

#include "ascendc_sim/platform/soc_cube.h"
#include "sim/cmp_mask.h"
#include "sim/context.h"
#include "sim/core_workers.h"
#include "sim/cost_model.h"
#include "sim/device_memory.h"
#include "sim/fault_guard.h"
#include "sim/kernel_rules.h"
#include "sim/launch.h"
#include "sim/launch_checks.h"
#include "sim/mix.h"
#include "sim/reduce.h"
#include "sim/types.h"

namespace ascendc_sim {
namespace {

constexpr uint32_t kMaxBlockDim = 65535;  // SetBlockDim: numBlocks in [1, 65535]

ascendc_sim::Error RuntimeError(std::string message) {
    return {ascendc_sim::Status::kRuntimeError, std::move(message)};
}

// A launch error naming the kernel (built only on the error path: a launch formats no text).
ascendc_sim::Error RuntimeError(const LaunchConfig& cfg, const std::string& message) {
    return RuntimeError("kernel '" + cfg.kernel + "': " + message);
}

}  // namespace

uint32_t PhysicalCoreNum(const LaunchConfig& cfg) {
    if (cfg.aicOnly) {  // one AIC per aivPerAic AIVs of the platform
        const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(cfg.platform.soc->version);
        return cfg.platform.coreNum / std::max<uint32_t>(1, cube != nullptr ? cube->aivPerAic : 1);
    }
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
std::string CheckLaunch(const LaunchConfig& cfg) {
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
    // A GM argument is only a value until the kernel accesses it (CANN's CPU debug copies the arguments into kargs
    // unchecked, tikicpulib kern_fwk.h ICPU_RUN_KF): an address outside every device allocation fails at its first
    // access (gm_access.cpp), so a pointer the kernel never reads (an unset bias) is legal.
    return {};
}

void FailLaunch(LaunchShared& shared, const std::string& what) {
    std::lock_guard<std::mutex> lock(shared.errorMu);
    if (shared.firstError.empty()) shared.firstError = what;
    shared.stop.store(true);
}

// The per-thread registers a kernel may read before writing, as a fresh thread has them (sim/cmp_mask.h, reduce.h).
void ResetCoreRegisters(const LaunchShared& shared, const CoreContext& core) {
    // 如何在矢量编程时启用Vector-Core.md: the AI Core supports only saturation mode, the Vector Core only inf/nan.
    tlsSaturateLowFloats = shared.cfg.platform.soc->rules.saturationOnly && !core.vectorCore;
    tlsCmpMask[0] = tlsCmpMask[1] = 0;
    tlsReduceSum = tlsReduceValue = 0.0f;
    tlsReduceIndex = 0;
}

// The calling thread's register variables, put back after it ran a core: host code on that thread converts with
// the saturation flag.
class CallerRegisters {
public:
    CallerRegisters()
        : saturate_(tlsSaturateLowFloats),
          cmpMask_{tlsCmpMask[0], tlsCmpMask[1]},
          reduceSum_(tlsReduceSum),
          reduceValue_(tlsReduceValue),
          reduceIndex_(tlsReduceIndex) {}
    ~CallerRegisters() {
        tlsSaturateLowFloats = saturate_;
        tlsCmpMask[0] = cmpMask_[0];
        tlsCmpMask[1] = cmpMask_[1];
        tlsReduceSum = reduceSum_;
        tlsReduceValue = reduceValue_;
        tlsReduceIndex = reduceIndex_;
    }
    CallerRegisters(const CallerRegisters&) = delete;
    CallerRegisters& operator=(const CallerRegisters&) = delete;

private:
    bool saturate_;
    uint64_t cmpMask_[2];
    float reduceSum_, reduceValue_;
    uint32_t reduceIndex_;
};

// One core on a worker or the calling thread: that thread's local memory, the kernel body, the end-of-kernel
// checks, then the count of finished cores that a waiting barrier reads.
void RunCore(LaunchShared& shared, CoreContext& core, CoreMemory& memory, KernelThunk thunk, void* fn) {
    LendMemory(memory, core);
    tlsCore = &core;
    BeginCoreChecks(core);
    ResetCoreRegisters(shared, core);
    try {
        KernelFault fault;
        if (!RunCatchingFaults(thunk, fn, shared.args.data(), fault)) {
            FailLaunch(shared,
                       Str("kernel '", shared.cfg.kernel, "': core ", core.blockIdx, ": ", DescribeFault(fault)));
            throw CoreStopped{};
        }
        CheckKernelTypeAtEnd(core);
        CheckPipeSyncAtEnd(core);
        CloseTimeline(core);
        CacheAtEnd(core);
    } catch (const CoreStopped&) {
    } catch (const std::exception& e) {
        FailLaunch(shared, Str("kernel '", shared.cfg.kernel, "': core ", core.blockIdx, ": exception: ", e.what()));
    } catch (...) {  // the core may be the calling thread: nothing may leave it while other cores run
        FailLaunch(shared, Str("kernel '", shared.cfg.kernel, "': core ", core.blockIdx, ": unknown exception"));
    }
    NoteCoreExit(core);
    tlsCore = nullptr;
    TakeBackMemory(memory, core);
    {
        std::lock_guard<std::mutex> lock(shared.barrierMu);
        shared.coresFinished.fetch_add(1);
    }
    shared.barrierCv.notify_all();
}

// Counts the cores of a round down; the launch waits for zero.
class RoundLatch {
public:
    explicit RoundLatch(uint32_t cores) : pending_(cores) {}
    void CoreDone() {
        std::lock_guard<std::mutex> lock(mu_);
        if (--pending_ == 0) cv_.notify_one();
    }
    void Wait() {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return pending_ == 0; });
    }

private:
    std::mutex mu_;
    std::condition_variable cv_;
    uint32_t pending_;
};

// Cores running at once: rounds of at most PhysicalCoreNum blocks, as the hardware schedules blocks onto its
// physical cores; a MIX launch's AIC and AIVs serve each other, so its groups (bounded by CheckMixLaunch) all run
// at once.
uint32_t CoresPerRound(const LaunchConfig& cfg, uint32_t threadCount) {
    const uint32_t perRound = cfg.aivPerAic != 0 ? threadCount : std::max<uint32_t>(1, PhysicalCoreNum(cfg));
    return std::min(perRound, threadCount);
}

// Each round's last core runs on the calling thread (which would only wait), the others on the workers: a
// one-core launch hands nothing to another thread.
uint32_t RunRounds(LaunchShared& shared, std::vector<CoreContext>& cores,
                   std::vector<std::unique_ptr<CoreWorker>>& workers, CoreMemory& callerMemory, KernelThunk thunk,
                   void* fn) {
    const uint32_t threadCount = static_cast<uint32_t>(cores.size());
    const uint32_t perRound = static_cast<uint32_t>(workers.size()) + 1;
    uint32_t rounds = 0;
    for (uint32_t first = 0; first < threadCount && !shared.stop.load(); first += perRound, ++rounds) {
        const uint32_t count = std::min(perRound, threadCount - first);
        RoundLatch latch(count - 1);
        for (uint32_t i = 0; i + 1 < count; ++i) {
            CoreContext* core = &cores[first + i];
            workers[i]->Run([&shared, core, thunk, fn, &latch](CoreMemory& memory) {
                RunCore(shared, *core, memory, thunk, fn);
                latch.CoreDone();
            });
        }
        {
            CallerRegisters saved;
            RunCore(shared, cores[first + count - 1], callerMemory, thunk, fn);
        }
        RepoisonLocalMemory(callerMemory);
        latch.Wait();
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
    if (cfg.platform.soc == nullptr) return RuntimeError(cfg, "LaunchConfig has no SoC");
    std::string launchError = CheckLaunch(cfg);
    if (!launchError.empty()) return RuntimeError(cfg, launchError);

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
    const uint32_t perRound = CoresPerRound(cfg, threadCount);
    CoreMemory* callerMemory = CallerMemory();
    if (callerMemory == nullptr) return RuntimeError(cfg, Str("cannot allocate the UB of core ", perRound - 1));
    std::string workerError;
    std::vector<std::unique_ptr<CoreWorker>> workers = BorrowWorkers(perRound - 1, workerError);
    if (!workerError.empty()) return RuntimeError(cfg, workerError);
    PrepareLaunchChecks(shared, cores);
    const uint32_t rounds = RunRounds(shared, cores, workers, *callerMemory, thunk, fn);
    ReturnWorkers(workers);
    if (shared.stop.load()) return RuntimeError(LaunchFailure(shared, cores, Str("kernel '", cfg.kernel, "': ")));
    std::string afterError = CheckAfterLaunch(cores);
    if (afterError.empty()) afterError = CheckOutputsWritten(cfg);
    if (!afterError.empty()) return RuntimeError(cfg, afterError);

    FinishCubeCosts(cores, *cfg.platform.soc);
    KeepLaunchWritesInL2(cores, cfg.platform.soc->cost.l2Bytes);
    ChargeCrossCoreReads(cores, cfg.platform.soc->cost.rereadCostShare, cfg.platform.soc->cost.sameAddrCostShare);
    LaunchStats stats;
    stats.kernel = cfg.kernel;
    stats.blockDim = cfg.blockDim;
    stats.aicBlocks = cfg.aicOnly || cfg.aivPerAic != 0;
    stats.tilingKey = cfg.tilingKey;
    stats.soc = cfg.platform.soc;
    stats.trace = std::move(trace);
    stats.rounds = rounds;
    stats.notes = shared.notes;
    for (const CoreContext& c : cores) stats.cores.push_back(c.cost);
    if (cfg.costModel) stats.modeled = ModelTime(stats, *cfg.platform.soc);
    return stats;
}

void PrintNotes(const LaunchStats& stats) {
    for (const std::string& note : stats.notes) {
        std::fprintf(stderr, "[WARNING] ascendc_sim: kernel '%s': %s\n", stats.kernel.c_str(), note.c_str());
    }
}

}  // namespace ascendc_sim
