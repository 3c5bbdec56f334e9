#include "sim/sync.h"

#include <chrono>
#include <thread>

#include "sim/kernel_rules.h"
#include "sim/pipe.h"
#include "sim/timing.h"

namespace ascendc_sim {
namespace {

using Clock = std::chrono::steady_clock;

void CheckEvent(const char* api, int kind, int32_t eventId) {
    if (kind < 0 || kind >= kHardEventKinds) Fail(api, Str("unknown HardEvent ", kind));
    if (eventId < 0 || eventId >= kEventIds) Fail(api, Str("event id ", eventId, " outside [0, ", kEventIds, ")"));
}

[[noreturn]] void Deadlock(const char* api, const std::string& what) { Fail(api, Str("deadlock: ", what)); }

// Barrier keys: hardware SyncAll by its generation, soft SyncAll by the core's count of barriers from here up.
constexpr uint64_t kSoftBarrierKeys = uint64_t{1} << 40;

// A core arriving at barrier `key` adds its clock to the barrier's join; leaving, it takes the join of all.
void ArriveAtBarrier(CoreContext& c, uint64_t key) {
    LaunchShared& l = *c.launch;
    const ClockSnapshot mine = ReleaseClock(c);
    std::lock_guard<std::mutex> lock(l.clockMu);
    JoinClock(l.barrierClocks[key], mine);
}

void LeaveBarrier(CoreContext& c, uint64_t key) {
    LaunchShared& l = *c.launch;
    std::lock_guard<std::mutex> lock(l.clockMu);
    AcquireClock(c, l.barrierClocks[key]);
}

}  // namespace

void SetEvent(const char* api, int kind, int32_t eventId) {
    CoreContext& c = Core();
    Poll(c);
    CheckEvent(api, kind, eventId);
    NoteSetFlag(c, api, kind, eventId);
    ++c.eventsSet[kind][eventId];
}

void WaitEvent(const char* api, int kind, int32_t eventId) {
    CoreContext& c = Core();
    Poll(c);
    CheckEvent(api, kind, eventId);
    if (c.eventsSet[kind][eventId] == 0) {
        Fail(api, Str("HardEvent ", kind, " id ", eventId, " waited without a prior SetFlag (hangs on hardware)"));
    }
    --c.eventsSet[kind][eventId];
    NoteWaitFlag(c, api, kind, eventId);
}

void HardSyncAll() {
    CoreContext& c = Core();
    Poll(c);
    if (!Soc(c).hasSyncAll)
        Fail("SyncAll", Str("hardware SyncAll() is not available on ", Soc(c).name,
                            "; use the soft SyncAll(gmWorkspace, ubWorkspace)"));
    RequireCrossCoreSync("SyncAll", true);
    LaunchShared& l = *c.launch;
    if (l.cube) Fail("SyncAll", "hardware SyncAll in a MIX AIC:AIV launch is not modeled by the twin yet");
    ++c.cost.barriers;
    ChargeBarrier(c);
    std::unique_lock<std::mutex> lock(l.barrierMu);
    uint64_t generation = l.barrierGeneration;
    ArriveAtBarrier(c, generation);
    if (++l.barrierArrived == l.cfg.blockDim) {
        l.barrierArrived = 0;
        ++l.barrierGeneration;
        l.barrierCv.notify_all();
    } else {
        auto deadline = Clock::now() + std::chrono::duration<double>(l.cfg.deadlockTimeoutSeconds);
        while (l.barrierGeneration == generation) {
            if (l.stop.load()) throw CoreStopped{};
            if (l.coresFinished.load() > 0) {
                uint32_t arrived = l.barrierArrived;
                lock.unlock();
                Deadlock("SyncAll", Str(arrived, " of ", l.cfg.blockDim, " cores arrived; ", l.coresFinished.load(),
                                        " already returned from the kernel without reaching it"));
            }
            if (l.barrierCv.wait_until(lock, deadline) == std::cv_status::timeout &&
                l.barrierGeneration == generation) {
                uint32_t arrived = l.barrierArrived;
                lock.unlock();
                Deadlock("SyncAll", Str(arrived, " of ", l.cfg.blockDim, " cores arrived within ",
                                        l.cfg.deadlockTimeoutSeconds, " s"));
            }
        }
    }
    lock.unlock();
    LeaveBarrier(c, generation);
    ++c.epoch;
}

// Each core bumps its own 32-byte slot, then waits until every participating slot has reached its count.
void SoftSyncAll(int32_t* gmSlots, int32_t usedCores) {
    CoreContext& c = Core();
    LaunchShared& l = *c.launch;
    if (c.blockIdx >= static_cast<uint32_t>(usedCores)) {
        Fail("SyncAll", Str("core ", c.blockIdx, " is not among the usedCores ", usedCores));
    }
    ++c.cost.barriers;
    ChargeBarrier(c);
    int32_t* mine = gmSlots + uint64_t{c.blockIdx} * 8;
    // Each core's n-th soft barrier is the same barrier: its clock joins before the slot shows the arrival.
    const uint64_t barrier = kSoftBarrierKeys + static_cast<uint64_t>(c.cost.barriers);
    ArriveAtBarrier(c, barrier);
    int32_t target = __atomic_add_fetch(mine, 1, __ATOMIC_SEQ_CST);
    if (c.cost.barriers == 1 && target != 1) {  // the GM workspace must be zeroed before the launch (SyncAll.md)
        Fail("SyncAll", Str("gmWorkspace slot of core ", c.blockIdx, " held ", target - 1,
                            " at the first barrier: it must be zeroed before the launch"));
    }
    auto deadline = Clock::now() + std::chrono::duration<double>(l.cfg.deadlockTimeoutSeconds);
    for (int32_t core = 0; core < usedCores; ++core) {
        const int32_t* slot = gmSlots + uint64_t(core) * 8;
        uint64_t spins = 0;
        while (__atomic_load_n(slot, __ATOMIC_SEQ_CST) < target) {
            Poll(c);
            if (++spins % 64 == 0) {
                std::this_thread::yield();
                if (Clock::now() > deadline) {
                    Deadlock("SyncAll", Str("soft barrier #", target, ": core ", core, " slot holds ",
                                            __atomic_load_n(slot, __ATOMIC_SEQ_CST), " after ",
                                            l.cfg.deadlockTimeoutSeconds, " s (gmWorkspace must start zeroed)"));
                }
            }
        }
    }
    LeaveBarrier(c, barrier);
    ++c.epoch;
}

void InterBlock(const char* api, const AscendC::GlobalTensor<int32_t>& gm, const AscendC::LocalTensor<int32_t>& ub,
                int32_t blockIdx, int32_t eventId, bool aivOnly, bool set) {
    CoreContext& c = Core();
    Poll(c);
    RequireCrossCoreSync(api, false);
    LaunchShared& l = *c.launch;
    // The slot layout of the implementation: blockNum (x2 for a MIX kernel on 220) slots of 8 int32 per event.
    const int64_t blocks = int64_t{l.cfg.blockDim} * (!aivOnly && Soc(c).hasSyncAll ? 2 : 1);
    if (blockIdx < 0 || blockIdx >= blocks || eventId < 0) {
        Fail(api, Str("blockIdx ", blockIdx, " / eventID ", eventId, " outside [0, ", blocks, ") / [0, ...)"));
    }
    const uint64_t at = (static_cast<uint64_t>(blocks) * eventId + blockIdx) * 8;
    ub.Operand(api, "ubWorkspace (needs 32 bytes)", 8);
    gm.CheckRange(c, Str(api, " (gmWorkspace needs a 32-byte slot per core and event)").c_str(), at, 8,
                  GmAccess::kAtomicWrite, false);
    int32_t* slot = gm.GetPhyAddr() + at;
    if (set) {
        const ClockSnapshot mine = ReleaseClock(c);
        std::lock_guard<std::mutex> lock(l.clockMu);
        JoinClock(l.flagClocks[slot], mine);
    }
    const int32_t from = set ? 0 : 1, to = set ? 1 : 0;
    auto deadline = Clock::now() + std::chrono::duration<double>(l.cfg.deadlockTimeoutSeconds);
    for (uint64_t spins = 1;; ++spins) {
        int32_t expected = from;
        if (__atomic_compare_exchange_n(slot, &expected, to, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) break;
        Poll(c);
        if (spins % 64 == 0) {
            std::this_thread::yield();
            if (Clock::now() > deadline) {
                Deadlock(api, Str("the slot of block ", blockIdx, " event ", eventId, " held ", expected, " for ",
                                  l.cfg.deadlockTimeoutSeconds, " s (",
                                  set ? "IBSet waits for an IBWait" : "IBWait waits for an IBSet",
                                  "; the GM workspace must start zeroed)"));
            }
        }
    }
    NoteFullBarrier(c);  // the implementation brackets the exchange with pipe_barrier(PIPE_ALL)
    if (!set) {
        std::lock_guard<std::mutex> lock(l.clockMu);
        AcquireClock(c, l.flagClocks[slot]);
    }
}

}  // namespace ascendc_sim

namespace AscendC {

int64_t GetSystemCycle() {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
                  .count();
    return static_cast<int64_t>(ns * ascendc_sim::Soc(c).cost.freqMHz / 1000.0);
}

TPipe* GetTPipePtr() {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    if (c.pipe == nullptr) ascendc_sim::Fail("GetTPipePtr", "no live TPipe on this core");
    return static_cast<TPipe*>(const_cast<void*>(c.pipe));
}

}  // namespace AscendC
