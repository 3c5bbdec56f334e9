// Pipe barriers, event flags, cross-core SyncAll (hardware and soft) and data-cache maintenance.
// The twin executes each core's instructions in order, so intra-core barriers order nothing; event flags are still
// checked because an unmatched WaitFlag hangs real hardware.
#pragma once
#include <cstdint>

#include "sim/context.h"
#include "sim/events.h"
#include "sim/kernel_rules.h"
#include "sim/tensor.h"

enum pipe_t : uint8_t {
    PIPE_S,
    PIPE_V,
    PIPE_M,
    PIPE_MTE1,
    PIPE_MTE2,
    PIPE_MTE3,
    PIPE_ALL,
    PIPE_FIX,
    PIPE_MTE4,
    PIPE_MTE5
};
enum event_t : int32_t { EVENT_ID0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7 };

namespace ascendc_sim {

void SetEvent(const char* api, int kind, int32_t eventId);
void WaitEvent(const char* api, int kind, int32_t eventId);
void HardSyncAll();
void SoftSyncAll(int32_t* gmSlots, int32_t usedCores);
// IBSet (set) / IBWait: the 32-byte slot of (eventId, blockIdx) in a zeroed GM workspace; IBSet waits for 0 and
// writes 1, IBWait waits for 1 and writes 0 (inner_kernel_operator_common_intf.cppm); the slot carries IBSet's clock
// to IBWait (sim/gm_race.h).
void InterBlock(const char* api, const AscendC::GlobalTensor<int32_t>& gm, const AscendC::LocalTensor<int32_t>& ub,
                int32_t blockIdx, int32_t eventId, bool aivOnly, bool set);

}  // namespace ascendc_sim

namespace AscendC {

enum class CacheLine : uint8_t { SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE };
enum class DcciDst : uint8_t { CACHELINE_ALL, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

template <pipe_t pipe>
__aicore__ inline void PipeBarrier(ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
    ascendc_sim::NotePipeBarrier(ascendc_sim::Core(), pipe);
}

template <HardEvent event>
__aicore__ inline void SetFlag(int32_t eventId, ascendc_sim::CallSite = {}) {
    ascendc_sim::SetEvent("SetFlag", static_cast<int>(event), eventId);
}
template <HardEvent event>
__aicore__ inline void WaitFlag(int32_t eventId, ascendc_sim::CallSite = {}) {
    ascendc_sim::WaitEvent("WaitFlag", static_cast<int>(event), eventId);
}

template <bool isAIVOnly = true>
__aicore__ inline void SyncAll(ascendc_sim::CallSite = {}) {
    ascendc_sim::HardSyncAll();
    ascendc_sim::NoteFullBarrier(ascendc_sim::Core());
}

// Soft barrier through a zeroed GM workspace and a UB workspace, each >= GetBlockNum() x 32 bytes (SyncAll.md).
template <bool isAIVOnly = true>
__aicore__ inline void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                               const int32_t usedCores = 0, ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    ascendc_sim::RequireCrossCoreSync("SyncAll", false);
    int32_t cores = usedCores != 0 ? usedCores : static_cast<int32_t>(c.launch->cfg.blockDim);
    uint64_t elems = uint64_t{c.launch->cfg.blockDim} * 8;  // one 32-byte slot per block of the launch
    if (cores < 0 || static_cast<uint32_t>(cores) > c.launch->cfg.blockDim) {
        ascendc_sim::Fail("SyncAll",
                          ascendc_sim::Str("usedCores ", usedCores, " exceeds blockDim ", c.launch->cfg.blockDim));
    }
    ubWorkspace.Operand("SyncAll", "ubWorkspace (needs GetBlockNum() x 32 bytes)", elems);
    gmWorkspace.CheckRange(c, "SyncAll (gmWorkspace needs GetBlockNum() x 32 bytes)", 0, elems,
                           ascendc_sim::GmAccess::kAtomicWrite);
    ascendc_sim::SoftSyncAll(gmWorkspace.GetPhyAddr(), cores);
    ascendc_sim::NoteFullBarrier(c);
}

// 核间同步 IBSet / IBWait: one core signals an event, another waits for it (RAW / WAR / WAW between cores on GM).
template <bool isAIVOnly = true>
__aicore__ inline void IBSet(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                             int32_t blockIdx, int32_t eventID, ascendc_sim::CallSite = {}) {
    ascendc_sim::InterBlock("IBSet", gmWorkspace, ubWorkspace, blockIdx, eventID, isAIVOnly, true);
}
template <bool isAIVOnly = true>
__aicore__ inline void IBWait(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                              int32_t blockIdx, int32_t eventID, ascendc_sim::CallSite = {}) {
    ascendc_sim::InterBlock("IBWait", gmWorkspace, ubWorkspace, blockIdx, eventID, isAIVOnly, false);
}

// Cleans (writes back whole 64-byte lines) and invalidates the calling core's data cache (sim/dcache.h).
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ inline void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst, ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    ascendc_sim::CheckDcciForm(c, true, static_cast<int>(dcciDst));
    if (dcciDst != DcciDst::CACHELINE_UB) {
        ascendc_sim::CacheCleanInvalidate(c, dst.GetPhyAddr(), entireType == CacheLine::ENTIRE_DATA_CACHE);
    }
}
template <typename T, CacheLine entireType>
__aicore__ inline void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst, ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    ascendc_sim::CacheCleanInvalidate(c, dst.GetPhyAddr(), entireType == CacheLine::ENTIRE_DATA_CACHE);
}
// DCache against UB: scalar UB accesses are not cached in the twin, so only the prototype check remains.
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ inline void DataCacheCleanAndInvalid(const LocalTensor<T>&, ascendc_sim::CallSite = {}) {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    ascendc_sim::CheckDcciForm(c, true, static_cast<int>(dcciDst));
}

int64_t GetSystemCycle();

}  // namespace AscendC
