// Launching a kernel on the CPU twin: blockDim cores as threads, strict checks, cost accounting.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ascendc_sim/platform/soc.h"
#include "ascendc_sim/platform/status.h"
#include "sim/span_trace.h"

namespace ascendc_sim {

template <typename Fn, std::size_t... I>
void CallWith(Fn fn, uint8_t* const* a, std::index_sequence<I...>) {
    fn(a[I]...);
}

// Vector instruction classes the cost model distinguishes.
enum class VecClass : uint8_t { kSimple, kCast, kTranscendental, kReduce, kCount };

struct CoreCost {
    uint64_t gmToUbBytes = 0;  // MTE2
    uint64_t ubToGmBytes = 0;  // MTE3
    uint64_t ubToUbBytes = 0;
    uint64_t vecRepeats[static_cast<int>(VecClass::kCount)] = {};  // 256-byte repeats per class
    uint64_t vecInstrs = 0;
    uint64_t scalarGmAccesses = 0;
    uint64_t barriers = 0;      // SyncAll (hard or soft)
    uint64_t cubeMacs = 0;      // AIC: 16x16x16-fractal-padded MACs of half/bfloat16 inputs
    uint64_t cubeMacs32 = 0;    // AIC: the same for float inputs
    uint64_t gmToL1Bytes = 0;   // AIC MTE2
    uint64_t l1ToL0aBytes = 0;  // AIC MTE1 into L0A
    uint64_t l1ToL0bBytes = 0;  // AIC MTE1 into L0B
    uint64_t l0cToGmBytes = 0;  // AIC FIX
    double cubeL2HitShare = 0;  // AIC: share of gmToL1Bytes L2 serves (the launch's, sim/l2_reuse.h)
    // AIV: cycles of its timeline after its last synchronous cube request returned (-1: none). AIC: the shortest
    // of its AIVs' (0: none), the vector work that must follow its cube work.
    double cubeEpilogueCycles = -1;
    double timelineAtCubeReturn = 0;  // AIV: its timeline's end when its last synchronous cube request returned
    bool cubeDoubleBuffered = false;  // L0A/L0B double buffers: MTE1 and M overlap, and with them MTE2 and FIX
    uint64_t ubBytesAllocated = 0;    // TPipe total
    bool doubleBuffered = false;      // some queue has >= 2 buffers (reported; the timeline decides overlap)
    uint64_t gmToUbBypassBytes = 0;   // MTE2 bytes read with SetL2CacheHint(CACHE_MODE_DISABLE)
    double memReadCost = 0;           // device-memory bytes of the reads, each copy's overhead included
    double memWriteCost = 0;          // the same for the writes
    double memConflictCost = 0;       // device-memory bytes re-reads across cores add (sim/l2_reuse.h)
    uint64_t l2HitReadBytes = 0;      // GM->UB bytes L2 served
    double gmToL1CopyCycles = 0;      // AIC MTE2 beyond bytes / rate: each copy's issue, its unaligned rows
    double timelineCycles = 0;        // the core's critical path: the latest end over its pipes
    double pipeBusyCycles[8] = {};    // cycles each pipe worked (order of sim/pipe_sync.h's Pipe)
    bool vectorCore = false;          // the block ran on a Vector Core (MIX_VECTOR_CORE launch)
};

struct ModeledTime {      // always "modeled": derived from counts and the SoC table, never measured
    double deviceUs = 0;  // max(slowest core, shared-bandwidth bound) + launch overhead
    double slowestCoreUs = 0;
    double bandwidthUs = 0;  // bytes that reach device memory (writes L2 absorbs excepted) / achievable bandwidth
    double launchUs = 0;
};

struct LaunchStats {
    std::string kernel;
    uint32_t blockDim = 0;
    bool aicBlocks = false;  // blockDim counts AICs: an AIC-only or MIX launch (the launch term's growth)
    uint64_t tilingKey = 0;
    std::vector<CoreCost> cores;
    ModeledTime modeled;                        // zero when the cost model is off
    const ascendc_sim::SocInfo* soc = nullptr;  // the SoC it ran on: its clock turns cycles into us
    SpanTrace trace;                            // the requested core's timeline (LaunchConfig::trace)
    uint32_t rounds = 0;                        // rounds of at most PhysicalCoreNum blocks the launch ran in
    std::vector<std::string> notes;             // advice that is not an error (e.g. a TPipe past the guide's usable UB)
    uint64_t TotalGmBytes() const;
};

struct LaunchConfig {
    std::string kernel;  // name used in every error message
    uint32_t blockDim = 1;
    uint64_t tilingKey = 0;
    ascendc_sim::Platform platform = ascendc_sim::Platform::Of(ascendc_sim::SocVersion::kAscend310P);
    bool costModel = true;
    double deadlockTimeoutSeconds = 10.0;
    // MIX launch (KERNEL_TYPE_MIX_AIC_1_N): blockDim counts AIC:AIV groups of 1 AIC and aivPerAic AIVs; 0 for a
    // vector-only launch.
    uint32_t aivPerAic = 0;
    // AIC-only launch (KERNEL_TYPE_AIC_ONLY, a `__cube__` kernel): blockDim AIC cores, no AIVs (设置Kernel类型.md).
    bool aicOnly = false;
    TraceRequest trace;  // off by default; callers copy the thread's request (CurrentTraceRequest)
    // KERNEL_TYPE_MIX_VECTOR_CORE launch (ascend310p): the runtime starts the SoC's Vector Cores beside its AI cores
    // and blockDim counts both (如何在矢量编程时启用Vector-Core.md). The kernel type is a property of the binary the
    // runtime reads before any core starts; the twin's caller states it here and the kernel's declaration must match.
    bool vectorCores = false;
    // The launch's workspace (may hold bytes no one wrote; sim/gm_definedness.h) and, for an aclnn call, its outputs'
    // valid byte ranges, each of which the kernel must write whole. Optional: a kernel's GetUserWorkspace also names
    // its workspace.
    const void* workspace = nullptr;
    std::vector<std::pair<const void*, uint64_t>> outputs;
};

// Physical cores a launch runs its blocks on at once: the AI cores (AIV on A2/A3), plus the Vector Cores of a
// MIX_VECTOR_CORE launch. More blocks run in rounds.
uint32_t PhysicalCoreNum(const LaunchConfig& cfg);
// Whether block `block` of a MIX_VECTOR_CORE launch runs on a Vector Core. The docs do not say which block index
// lands where; the twin assumes blocks [0, AI cores) of each round on the AI cores, the rest on the Vector Cores
// (docs/twin.md Assumptions).
bool OnVectorCore(const LaunchConfig& cfg, uint32_t block);

// Calls the kernel function `fn` with the GM arguments `args` (type-erased so the launcher is not a template).
using KernelThunk = void (*)(void* fn, uint8_t* const* args);

// Runs the kernel on cfg.blockDim cores. The first error on any core stops every core; it is returned as
// ascendc_sim::Error (code kRuntimeError) naming kernel, core, API and values. A GM argument the kernel accesses
// must lie in device memory from aclrtMalloc; one it never accesses may hold any value.
// Prints each note of a launch to stderr ("[WARNING] ascendc_sim: ..."), as the raw launches (<<<>>>, ICPU_RUN_KF)
// that return no statistics to their caller report them.
void PrintNotes(const LaunchStats& stats);

ascendc_sim::Result<LaunchStats> LaunchErased(const LaunchConfig& cfg, KernelThunk thunk, void* fn,
                                              const std::vector<uint8_t*>& args);

template <typename... GmArgs>
ascendc_sim::Result<LaunchStats> Launch(const LaunchConfig& cfg, void (*kernel)(GmArgs...), GmArgs... args) {
    KernelThunk thunk = [](void* fn, uint8_t* const* a) {
        CallWith(reinterpret_cast<void (*)(GmArgs...)>(fn), a, std::index_sequence_for<GmArgs...>{});
    };
    return LaunchErased(cfg, thunk, reinterpret_cast<void*>(kernel), {reinterpret_cast<uint8_t*>(args)...});
}

// Roofline: the bytes that must move, at the SoC's nominal memory bandwidth (modeled).
double RooflineUs(uint64_t bytes, const ascendc_sim::SocInfo& soc);
// Achievable roofline: the same bytes at the achievable bandwidth; with `writtenBytes` of them written, the part L2
// absorbs (as the launch-wide bound does) is left out.
double AchievableRooflineUs(uint64_t bytes, uint64_t writtenBytes, const ascendc_sim::SocInfo& soc);

}  // namespace ascendc_sim
