// Scalar GM access around the data cache (标量计算/ReadGmByPassDCache(ISASI).md, WriteGmByPassDCache(ISASI).md) and
// DataSyncBarrier (同步控制/核内同步/DataSyncBarrier(ISASI).md).
#pragma once
#include <cstdint>
#include <cstring>

#include "sim/dcache.h"
#include "sim/gm_access.h"
#include "sim/gm_definedness.h"
#include "sim/pipe_sync.h"
#include "sim/timing.h"       // ChargeScalarGm
#include "sim/vector_core.h"  // kOneOf

namespace ascendc_sim {

// 数据类型 of both docs: the integer types of 1 to 8 bytes.
template <typename T>
inline constexpr bool kBypassTypes =
    kOneOf<T, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t>;

// The checks and counts of one scalar GM access around the data cache.
inline CoreContext& BypassAccess(const char* api, const void* addr, uint64_t bytes, bool write) {
    CoreContext& c = Core();
    Poll(c);
    CheckGm(c, api, addr, bytes, write ? GmAccess::kWrite : GmAccess::kRead);
    NoteGm(c, api, Pipe::kS, addr, bytes, write);
    if (!write) RequireDefinedGm(c, api, addr, bytes);
    ++c.cost.scalarGmAccesses;
    ChargeScalarGm(c);
    return c;
}

}  // namespace ascendc_sim

namespace AscendC {

// kernel_event.h: the memory a DataSyncBarrier waits for.
enum class MemDsbT : uint8_t { ALL = 0, DDR, UB, SEQ };

// Waits until the earlier memory accesses of `arg0` finished. The twin's scalar unit completes each GM or UB access
// before the next instruction, so the barrier orders nothing more here.
template <MemDsbT arg0>
__aicore__ inline void DataSyncBarrier(ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
}

template <typename T>
__aicore__ inline void WriteGmByPassDCache(__gm__ T* addr, T value, ascendc_sim::CallSite = {}) {
    static_assert(ascendc_sim::kBypassTypes<T>, "WriteGmByPassDCache: T must be an integer type of 1 to 8 bytes");
    using namespace ascendc_sim;
    const char* api = "WriteGmByPassDCache";
    CoreContext& c = BypassAccess(api, addr, sizeof(T), true);
    BypassStore(c, api, addr, &value, sizeof(T));
    DefineGm(c, addr, sizeof(T));
}

template <typename T>
__aicore__ inline T ReadGmByPassDCache(__gm__ T* addr, ascendc_sim::CallSite = {}) {
    static_assert(ascendc_sim::kBypassTypes<T>, "ReadGmByPassDCache: T must be an integer type of 1 to 8 bytes");
    using namespace ascendc_sim;
    const char* api = "ReadGmByPassDCache";
    CoreContext& c = BypassAccess(api, addr, sizeof(T), false);
    T value;
    BypassLoad(c, api, addr, &value, sizeof(T));
    uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof(T));
    NoteGmPoll(c, addr, bits);  // a spin on a flag another core writes
    return value;
}

}  // namespace AscendC
