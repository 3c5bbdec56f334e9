#include "sim/determine_sync.h"

#include <chrono>
#include <thread>

#include "sim/definedness.h"
#include "sim/gm_race.h"
#include "sim/kernel_rules.h"
#include "sim/pipe_sync.h"

namespace ascendc_sim {
namespace {

constexpr const char* kDetermineApis[] = {"InitDetermineComputeWorkspace", "WaitPreBlock", "NotifyNextBlock"};
constexpr uint64_t kSlotInts = 8;  // one 32-byte slot per core

bool RoundReached(const int32_t* slots, uint32_t blockIdx, uint32_t blocks, int32_t round) {
    for (uint32_t core = 0; core < blocks; ++core) {
        const int32_t want = core < blockIdx ? round : 0;
        if (__atomic_load_n(slots + core * kSlotInts, __ATOMIC_SEQ_CST) != want) return false;
    }
    return true;
}

}  // namespace

void DetermineSync(DetermineStep step, const AscendC::GlobalTensor<int32_t>& gm,
                   const AscendC::LocalTensor<int32_t>& ub) {
    const char* api = kDetermineApis[static_cast<int>(step)];
    CoreContext& c = Core();
    Poll(c);
    RequireCrossCoreSync(api, false);
    if (c.isAic) Fail(api, "only AIV cores take part in the sequential-core sync (WaitPreBlock.md)");
    LaunchShared& l = *c.launch;
    const uint32_t blocks = l.cfg.blockDim;
    const uint64_t slotsInts = uint64_t{blocks} * kSlotInts;
    int32_t* u = ub.Operand(api, "ubWorkspace (needs GetBlockNum() x 32 + 32 bytes)", slotsInts + kSlotInts);
    gm.CheckRange(c, Str(api, " (gmWorkspace needs GetBlockNum() x 32 bytes)").c_str(), 0, slotsInts,
                  GmAccess::kAtomicWrite, false);
    int32_t* slots = gm.GetPhyAddr();
    int32_t& round = u[slotsInts];
    NoteFullBarrier(c);  // the implementation brackets each step with pipe_barrier(PIPE_ALL)
    if (step == DetermineStep::kInit) {
        if (c.blockIdx == 0) {
            for (uint32_t core = 0; core < blocks; ++core)
                __atomic_store_n(slots + core * kSlotInts, 0, __ATOMIC_SEQ_CST);
        }
        round = 1;
        DefineUbBytes(c, ub.UbOffset(slotsInts), sizeof(int32_t));
        return;
    }
    RequireDefinedUb(c, api, ub.UbOffset(slotsInts), sizeof(int32_t));  // Init came first
    if (step == DetermineStep::kWait) {
        using Clock = std::chrono::steady_clock;
        const auto deadline = Clock::now() + std::chrono::duration<double>(l.cfg.deadlockTimeoutSeconds);
        for (uint64_t spins = 1; !RoundReached(slots, c.blockIdx, blocks, round); ++spins) {
            Poll(c);
            if (spins % 64 == 0) {
                std::this_thread::yield();
                if (Clock::now() > deadline)
                    Fail(api, Str("deadlock: core ", c.blockIdx, " waits ", l.cfg.deadlockTimeoutSeconds,
                                  " s for round ", round,
                                  " of the cores before it (every core must call "
                                  "NotifyNextBlock as often as WaitPreBlock; Init first)"));
            }
        }
        std::lock_guard<std::mutex> lock(l.clockMu);
        AcquireClock(c, l.flagClocks[slots]);
        return;
    }
    {
        const ClockSnapshot mine = ReleaseClock(c);
        std::lock_guard<std::mutex> lock(l.clockMu);
        JoinClock(l.flagClocks[slots], mine);
    }
    if (c.blockIdx + 1 == blocks) {
        for (uint32_t core = 0; core < blocks; ++core) __atomic_store_n(slots + core * kSlotInts, 0, __ATOMIC_SEQ_CST);
    } else {
        __atomic_store_n(slots + uint64_t{c.blockIdx} * kSlotInts, round, __ATOMIC_SEQ_CST);
    }
    ++round;
}

}  // namespace ascendc_sim
