#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <thread>
#include <tuple>

#include "sim/context.h"
#include "sim/cost_model.h"
#include "sim/device_memory.h"
#include "sim/launch.h"
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

struct UbFree {
    void operator()(uint8_t* p) const { std::free(p); }
};

}  // namespace

uint64_t LaunchStats::TotalGmBytes() const {
    uint64_t total = 0;
    for (const CoreCost& c : cores) total += c.gmToUbBytes + c.ubToGmBytes;
    return total;
}

ascendops::Result<LaunchStats> LaunchErased(const LaunchConfig& cfg, KernelThunk thunk, void* fn,
                                            const std::vector<uint8_t*>& args) {
    std::string prefix = Str("kernel '", cfg.kernel, "': ");
    if (cfg.platform.soc == nullptr) return RuntimeError(prefix + "LaunchConfig has no SoC");
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
    shared.args = args;
    uint64_t ubBytes = cfg.platform.UbBytes();
    std::vector<CoreContext> cores(cfg.blockDim);
    for (uint32_t i = 0; i < cfg.blockDim; ++i) {
        cores[i].launch = &shared;
        cores[i].blockIdx = i;
        cores[i].ubBytes = ubBytes;
    }
    auto runCore = [&](uint32_t i) {
        std::unique_ptr<uint8_t, UbFree> ub(static_cast<uint8_t*>(std::aligned_alloc(64, ubBytes)));
        std::memset(ub.get(), kUbPattern, ubBytes);
        cores[i].ub = ub.get();
        tlsCore = &cores[i];
        tlsSaturateLowFloats = cfg.platform.soc->rules.saturationOnly;
        try {
            thunk(fn, args.data());
        } catch (const CoreStopped&) {
        } catch (const std::exception& e) {
            std::lock_guard<std::mutex> lock(shared.errorMu);
            if (shared.firstError.empty()) shared.firstError = Str(prefix, "core ", i, ": exception: ", e.what());
            shared.stop.store(true);
        }
        tlsCore = nullptr;
        cores[i].ub = nullptr;
        {
            std::lock_guard<std::mutex> lock(shared.barrierMu);
            shared.coresFinished.fetch_add(1);
        }
        shared.barrierCv.notify_all();
    };
    // Rounds of at most coreNum blocks, as the hardware schedules blocks onto its physical cores.
    const uint32_t perRound = std::max<uint32_t>(1, cfg.platform.coreNum);
    for (uint32_t first = 0; first < cfg.blockDim && !shared.stop.load(); first += perRound) {
        std::vector<std::thread> threads;
        for (uint32_t i = first; i < std::min(cfg.blockDim, first + perRound); ++i) threads.emplace_back(runCore, i);
        for (std::thread& t : threads) t.join();
    }

    if (shared.stop.load()) return RuntimeError(shared.firstError);
    std::vector<std::string> guards = CheckAllGuards(/*repair=*/true);
    if (!guards.empty())
        return RuntimeError(prefix + "GM overrun caught by a guard zone after the launch: " + guards[0]);
    std::string race = FindWriteRace(cores);
    if (!race.empty()) return RuntimeError(prefix + race);

    LaunchStats stats;
    stats.kernel = cfg.kernel;
    stats.blockDim = cfg.blockDim;
    stats.tilingKey = cfg.tilingKey;
    for (const CoreContext& c : cores) stats.cores.push_back(c.cost);
    if (cfg.costModel) stats.modeled = ModelTime(stats, *cfg.platform.soc);
    return stats;
}

}  // namespace ascendc_sim
