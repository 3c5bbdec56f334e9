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
#include "sim/launch.h"
#include "sim/mix.h"
#include "sim/types.h"

namespace ascendc_sim {
namespace {

constexpr uint8_t kUbPattern = 0xA5;
constexpr uint32_t kMaxBlockDim = 65535;  // SetBlockDim: numBlocks in [1, 65535]  // UB starts with garbage on
                                          // hardware; a fixed pattern keeps runs repeatable

ascendops::Error RuntimeError(std::string message) { return {ascendops::Status::kRuntimeError, std::move(message)}; }

// Two cores writing overlapping GM bytes between the same barriers without atomic add race on hardware.
std::string FindWriteRace(const std::vector<CoreContext>& cores) {
    struct Span {
        uint64_t begin, end;
        uint32_t core;
    };
    std::map<std::pair<uint64_t, uint32_t>, std::vector<Span>> groups;  // (allocation, epoch)
    for (const CoreContext& c : cores) {
        for (const WriteRecord& w : c.writes) groups[{w.allocId, w.epoch}].push_back({w.begin, w.end, c.blockIdx});
    }
    for (auto& [key, spans] : groups) {
        std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
        // Largest end so far (and its core), and the largest end among the other cores.
        uint64_t topEnd = 0, otherEnd = 0;
        uint32_t topCore = 0;
        const Span* topSpan = nullptr;
        for (const Span& s : spans) {
            bool clashTop = topSpan != nullptr && s.core != topCore && s.begin < topEnd;
            if (clashTop || (s.core == topCore && s.begin < otherEnd)) {
                return Str("cross-core GM write race: core ", s.core, " wrote bytes [", s.begin, ", ", s.end,
                           ") of device allocation #", key.first, " overlapping a non-atomic write of ",
                           clashTop ? Str("core ", topCore) : std::string("another core"),
                           " between the same barriers (use SetAtomicAdd or disjoint ranges)");
            }
            if (topSpan == nullptr || s.core == topCore) {
                topEnd = std::max(topEnd, s.end);
                topCore = s.core;
            } else if (s.end > topEnd) {
                otherEnd = topEnd;
                topEnd = s.end;
                topCore = s.core;
            } else {
                otherEnd = std::max(otherEnd, s.end);
            }
            topSpan = &s;
        }
    }
    return {};
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
        {
            std::lock_guard<std::mutex> lock(shared.barrierMu);
        }  // a waiter has either seen stop or is waiting
        shared.barrierCv.notify_all();
        return false;
    }
}

struct UbFree {
    void operator()(uint8_t* p) const { std::free(p); }
};

}  // namespace

uint64_t LaunchStats::TotalGmBytes() const {
    uint64_t total = 0;
    for (const CoreCost& c : cores) total += c.gmToUbBytes + c.ubToGmBytes + c.gmToL1Bytes + c.l0cToGmBytes;
    return total;
}

ascendops::Result<LaunchStats> LaunchErased(const LaunchConfig& cfg, KernelThunk thunk, void* fn,
                                            const std::vector<uint8_t*>& args) {
    std::string prefix = Str("kernel '", cfg.kernel, "': ");
    if (cfg.platform.soc == nullptr) return RuntimeError(prefix + "LaunchConfig has no SoC");
    std::string mixError = CheckMixLaunch(cfg);
    if (!mixError.empty()) return RuntimeError(prefix + mixError);
    // More blocks than cores is legal: they run in rounds (a cross-core barrier then fails, kernel_rules.cpp).
    if (cfg.blockDim == 0 || cfg.blockDim > kMaxBlockDim) {
        return RuntimeError(Str(prefix, "blockDim ", cfg.blockDim, " outside [1, ", kMaxBlockDim, "]"));
    }
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] != nullptr && !FindAllocation(args[i], 0)) {
            return RuntimeError(Str(prefix, "argument ", i, " (", static_cast<const void*>(args[i]),
                                    ") is not device memory from aclrtMalloc"));
        }
    }
    LaunchShared shared;
    shared.cfg = cfg;
    shared.cube = MakeCubeShared(cfg);
    shared.args = args;
    uint64_t ubBytes = cfg.platform.UbBytes();
    const uint32_t threadCount = LaunchThreadCount(cfg);
    std::vector<CoreContext> cores(threadCount);
    for (uint32_t i = 0; i < threadCount; ++i) {
        cores[i].launch = &shared;
        cores[i].blockIdx = i;
        cores[i].ubBytes = ubBytes;
        AssignCoreRole(cores[i], cfg, i);
    }
    auto fail = [&](const std::string& what) {
        std::lock_guard<std::mutex> lock(shared.errorMu);
        if (shared.firstError.empty()) shared.firstError = what;
        shared.stop.store(true);
    };
    auto runCore = [&](uint32_t i) {
        std::unique_ptr<uint8_t, UbFree> ub(static_cast<uint8_t*>(std::aligned_alloc(64, ubBytes)));
        if (ub) {
            std::memset(ub.get(), kUbPattern, ubBytes);
            cores[i].ub = ub.get();
            tlsCore = &cores[i];
            tlsSaturateLowFloats = cfg.platform.soc->rules.saturationOnly;
            try {
                thunk(fn, args.data());
                CheckPipeSyncAtEnd(cores[i]);
                CloseTimeline(cores[i]);
                CacheAtEnd(cores[i]);
            } catch (const CoreStopped&) {
            } catch (const std::exception& e) {
                fail(Str(prefix, "core ", i, ": exception: ", e.what()));
            }
            NoteCoreExit(cores[i]);
            tlsCore = nullptr;
            cores[i].ub = nullptr;
        } else {
            fail(Str(prefix, "cannot allocate the ", ubBytes, "-byte UB of core ", i));
        }
        {
            std::lock_guard<std::mutex> lock(shared.barrierMu);
            shared.coresFinished.fetch_add(1);
        }
        shared.barrierCv.notify_all();
    };
    // Rounds of at most coreNum blocks, as the hardware schedules blocks onto its physical cores; a MIX launch's
    // AIC and AIVs serve each other, so its groups (bounded by CheckMixLaunch) all run at once.
    const uint32_t perRound = cfg.aivPerAic != 0 ? threadCount : std::max<uint32_t>(1, cfg.platform.coreNum);
    for (uint32_t first = 0; first < threadCount && !shared.stop.load(); first += perRound) {
        std::vector<std::thread> threads;
        for (uint32_t i = first; i < std::min(threadCount, first + perRound); ++i) {
            if (!StartCore(threads, shared, prefix, i, [&runCore, i] { runCore(i); })) break;
        }
        for (std::thread& t : threads) t.join();
    }

    if (shared.stop.load()) return RuntimeError(shared.firstError);
    std::vector<std::string> guards = CheckAllGuards(/*repair=*/true);
    if (!guards.empty())
        return RuntimeError(prefix + "GM overrun caught by a guard zone after the launch: " + guards[0]);
    std::string race = FindWriteRace(cores);
    if (!race.empty()) return RuntimeError(prefix + race);
    std::string cacheRace = FindCacheRace(cores);
    if (!cacheRace.empty()) return RuntimeError(prefix + cacheRace);

    LaunchStats stats;
    stats.kernel = cfg.kernel;
    stats.blockDim = cfg.blockDim;
    stats.tilingKey = cfg.tilingKey;
    for (const CoreContext& c : cores) stats.cores.push_back(c.cost);
    if (cfg.costModel) stats.modeled = ModelTime(stats, *cfg.platform.soc);
    return stats;
}

}  // namespace ascendc_sim
