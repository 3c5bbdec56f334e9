#include "sim/gm_access.h"

#include <chrono>
#include <thread>

#include "sim/device_memory.h"
#include "sim/mix.h"

namespace ascendc_sim {
namespace {

// CANN's GM overflow check: every copy within the launch's buffers (kernel_utils.h CheckGmMemOverflow).
constexpr const char* kBoundsRule =
    " (a GM access must stay inside the buffer it falls in, as CANN's GM overflow check has it; on hardware it reads "
    "or "
    "overwrites a neighbour)";

const char* AccessName(GmAccess a) {
    switch (a) {
        case GmAccess::kRead:
            return "read";
        case GmAccess::kWrite:
            return "write";
        case GmAccess::kAtomicWrite:
            return "atomic write";
    }
    return "?";
}

GmAccessKind KindOf(GmAccess a) {
    static constexpr GmAccessKind kKinds[] = {GmAccessKind::kRead, GmAccessKind::kWrite, GmAccessKind::kAtomic};
    return kKinds[static_cast<int>(a)];
}

}  // namespace

void CheckGm(CoreContext& c, const char* api, const void* p, uint64_t bytes, GmAccess access, bool log) {
    if (bytes == 0) return;
    CheckCubePending(c, api, p, bytes);
    std::optional<DeviceAllocation> a = FindAllocation(p, bytes);
    if (!a) {
        std::optional<DeviceAllocation> near = FindContaining(p);
        if (near) {
            auto offset = static_cast<int64_t>(static_cast<const uint8_t*>(p) - near->base);
            Fail(api, Str("GM ", AccessName(access), " of bytes [", offset, ", ", offset + static_cast<int64_t>(bytes),
                          ") outside device allocation #", near->id, " of ", near->bytes, " bytes", kBoundsRule));
        }
        Fail(api, Str("GM ", AccessName(access), " of ", bytes, " bytes at ", p, " is not in any device allocation",
                      kBoundsRule));
    }
    if (log) {
        const uint64_t begin = static_cast<const uint8_t*>(p) - a->base;
        LogGmAccess(c, api, a->id, begin, begin + bytes, KindOf(access));
    }
}

void CheckGmRows(CoreContext& c, const char* api, const void* p, uint64_t count, uint64_t rowBytes, uint64_t pitch,
                 GmAccess access) {
    if (count == 0 || rowBytes == 0) return;
    const uint64_t span = (count - 1) * pitch + rowBytes;
    // A MIX launch checks each row against the cube's pending writes (the span's gaps are not accessed).
    std::optional<DeviceAllocation> a = c.launch->cube ? std::nullopt : FindAllocation(p, span);
    if (!a) {  // rows in several allocations, or one outside, or a MIX launch: each row on its own
        for (uint64_t r = 0; r < count; ++r)
            CheckGm(c, api, static_cast<const uint8_t*>(p) + r * pitch, rowBytes, access);
        return;
    }
    const uint64_t begin = static_cast<const uint8_t*>(p) - a->base;
    LogGmRowsAccess(c, api, a->id, StridedRange::Rows(begin, count, rowBytes, pitch), KindOf(access));
}

void NoteGmPoll(CoreContext& c, const void* addr, uint64_t bits) {
    GmPoll& spin = c.gmPoll;
    if (addr != spin.addr || bits != spin.bits) {
        spin.addr = addr;
        spin.bits = bits;
        spin.count = 0;
        return;
    }
    if (++spin.count % 256 != 0) return;
    std::this_thread::yield();  // let the core we wait for run
    if (spin.count == 256) spin.start = std::chrono::steady_clock::now();
    double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - spin.start).count();
    if (waited > c.launch->cfg.deadlockTimeoutSeconds) {
        Fail("GlobalTensor::GetValue", Str("deadlock: polled GM address ", addr, " ", spin.count, " times over ",
                                           waited, " s without the value changing"));
    }
}

}  // namespace ascendc_sim
