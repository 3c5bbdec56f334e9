#include "sim/gm_access.h"

#include <chrono>
#include <thread>

#include "sim/device_memory.h"
#include "sim/mix.h"

namespace ascendc_sim {
namespace {

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

void RecordWrite(CoreContext& c, uint64_t allocId, uint64_t begin, uint64_t end) {
    if (!c.writes.empty()) {
        WriteRecord& last = c.writes.back();
        if (last.allocId == allocId && last.epoch == c.epoch && begin <= last.end && end >= last.begin) {
            last.begin = std::min(last.begin, begin);
            last.end = std::max(last.end, end);
            return;
        }
    }
    c.writes.push_back({allocId, begin, end, c.epoch});
}

}  // namespace

void CheckGm(CoreContext& c, const char* api, const void* p, uint64_t bytes, GmAccess access) {
    if (bytes == 0) return;
    CheckCubePending(c, api, p, bytes);
    std::optional<DeviceAllocation> a = FindAllocation(p, bytes);
    if (!a) {
        std::optional<DeviceAllocation> near = FindContaining(p);
        if (near) {
            auto offset = static_cast<int64_t>(static_cast<const uint8_t*>(p) - near->base);
            Fail(api, Str("GM ", AccessName(access), " of bytes [", offset, ", ", offset + static_cast<int64_t>(bytes),
                          ") outside device allocation #", near->id, " of ", near->bytes, " bytes"));
        }
        Fail(api, Str("GM ", AccessName(access), " of ", bytes, " bytes at ", p, " is not in any device allocation"));
    }
    if (access == GmAccess::kWrite) {
        uint64_t begin = static_cast<const uint8_t*>(p) - a->base;
        RecordWrite(c, a->id, begin, begin + bytes);
    }
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
