#include "sim/device_memory.h"

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <sstream>
#include <vector>

#include "sim/device_handoff.h"
#include "sim/gm_definedness.h"
#include "sim/l2_reuse.h"

namespace ascendc_sim {
namespace {

struct Block {
    DeviceAllocation alloc;
    std::size_t capacity;  // bytes of the host block, guards included
};

// Freed host blocks of at least kPoolMinBytes, kept for reuse: a repeated call of the same shapes finds its pages
// already mapped instead of faulting in (and the kernel zeroing) every page again. Bounded in bytes and blocks, so
// the process's footprint stays what its largest calls need; beyond the bounds the blocks pooled longest ago go
// first (those of the calls before the present shapes), never the one just freed.
constexpr std::size_t kPoolMinBytes = std::size_t{1} << 20;
constexpr std::size_t kPoolMaxBytes = std::size_t{1} << 30;
constexpr std::size_t kPoolMaxBlocks = 32;  // a Split into a few dozen pieces, and its input

struct PooledBlock {
    uint8_t* raw;
    uint64_t pooledAt;  // Registry::poolClock when freed
};

struct Registry {
    std::shared_mutex mu;
    std::map<uintptr_t, Block> byBase;  // key: usable base address
    uint64_t nextId = 1;
    uint64_t liveBytes = 0;
    std::multimap<std::size_t, PooledBlock> pool;  // capacity -> host block, freed
    std::size_t pooledBytes = 0;
    uint64_t poolClock = 0;
    std::map<uint8_t*, std::size_t> detached;  // host block handed to the host -> its capacity (pooled when freed)
};

Registry& Reg() {
    static Registry r;
    return r;
}

// Caller holds the lock.
const DeviceAllocation* FindLocked(Registry& r, uintptr_t p) {
    auto it = r.byBase.upper_bound(p);
    if (it == r.byBase.begin()) return nullptr;
    --it;
    const DeviceAllocation& a = it->second.alloc;
    return p < it->first + a.bytes || (a.bytes == 0 && p == it->first) ? &a : nullptr;
}

uint64_t PooledBytes() {
    Registry& r = Reg();
    std::shared_lock lock(r.mu);
    return r.pooledBytes;
}

// A pooled block of at least `capacity` bytes and at most 1/8 more (nullptr: none). Caller holds the lock.
uint8_t* TakePooled(Registry& r, std::size_t& capacity) {
    auto it = r.pool.lower_bound(capacity);
    if (it == r.pool.end() || it->first > capacity + capacity / 8) return nullptr;
    capacity = it->first;
    uint8_t* raw = it->second.raw;
    r.pooledBytes -= it->first;
    r.pool.erase(it);
    return raw;
}

// Keeps a freed block for reuse, dropping the largest pooled ones beyond the bounds; returns the blocks to free
// (outside the lock). Caller holds the lock.
std::vector<uint8_t*> KeepForReuse(Registry& r, uint8_t* raw, std::size_t capacity) {
    std::vector<uint8_t*> drop;
    if (capacity < kPoolMinBytes || capacity > kPoolMaxBytes) return {raw};
    r.pool.emplace(capacity, PooledBlock{raw, r.poolClock++});
    r.pooledBytes += capacity;
    while (r.pooledBytes > kPoolMaxBytes || r.pool.size() > kPoolMaxBlocks) {
        auto oldest = r.pool.begin();
        for (auto it = r.pool.begin(); it != r.pool.end(); ++it) {
            if (it->second.pooledAt < oldest->second.pooledAt) oldest = it;
        }
        r.pooledBytes -= oldest->first;
        drop.push_back(oldest->second.raw);
        r.pool.erase(oldest);
    }
    return drop;
}

// MemAvailable of /proc/meminfo in bytes; UINT64_MAX where the host does not say.
uint64_t HostAvailableBytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    uint64_t kib = 0;
    while (meminfo >> key >> kib) {
        if (key == "MemAvailable:") return kib * 1024;
        meminfo.ignore(64, '\n');
    }
    return UINT64_MAX;
}

// Below this an allocation is not checked against the host (reading /proc/meminfo on every small one is waste).
constexpr std::size_t kHostCheckBytes = std::size_t{64} << 20;

}  // namespace

namespace {

// A host block for `bytes` usable bytes (pooled or new) with both guards stamped; its size in `capacity`. nullptr
// if the host lacks the memory (the twin's device memory is host RAM) or the size cannot be guarded.
uint8_t* GuardedBlock(std::size_t bytes, std::size_t& capacity) {
    if (bytes > SIZE_MAX / 2 - 4 * kGuardBytes) return nullptr;  // the guarded size below must not wrap
    // What the host cannot hold fails, rather than the first touch of its pages (the fresh pattern, an upload's
    // copy) ending in the host's OOM killer. Pooled blocks count as available: they are this twin's to reuse.
    if (bytes >= kHostCheckBytes) {
        const uint64_t host = HostAvailableBytes();
        if (host != UINT64_MAX && bytes > host + PooledBytes()) return nullptr;
    }
    // 512-byte guards keep the usable base 512-byte aligned, like device allocations.
    capacity = (bytes + 2 * kGuardBytes + kGuardBytes - 1) / kGuardBytes * kGuardBytes;
    uint8_t* raw = nullptr;
    if (capacity >= kPoolMinBytes) {
        Registry& r = Reg();
        std::unique_lock lock(r.mu);
        raw = TakePooled(r, capacity);
    }
    if (raw == nullptr) raw = static_cast<uint8_t*>(std::aligned_alloc(kGuardBytes, capacity));
    if (raw == nullptr) return nullptr;
    std::memset(raw, kGuardPattern, kGuardBytes);
    std::memset(raw + kGuardBytes + bytes, kGuardPattern, kGuardBytes);
    return raw;
}

// Registers the block as a live allocation; returns its usable base.
void* RegisterBlock(uint8_t* raw, std::size_t capacity, std::size_t bytes, bool defined) {
    auto shadow = std::make_shared<GmShadow>();
    if (!defined && bytes > 0) shadow->undef.Poison(0, bytes, {"never written", "aclrtMalloc", {}});
    shadow->clean.store(shadow->undef.Empty());
    Registry& r = Reg();
    std::unique_lock lock(r.mu);
    uint8_t* base = raw + kGuardBytes;
    r.byBase[reinterpret_cast<uintptr_t>(base)] = {{r.nextId++, base, bytes, std::move(shadow)}, capacity};
    r.liveBytes += bytes;
    return base;
}

}  // namespace

void* DeviceMalloc(std::size_t bytes, bool defined) {
    std::size_t capacity = 0;
    uint8_t* raw = GuardedBlock(bytes, capacity);
    if (raw == nullptr) return nullptr;
    std::memset(raw + kGuardBytes, kFreshPattern, bytes);
    return RegisterBlock(raw, capacity, bytes, defined);
}

// The fresh pattern would be overwritten before anyone could read it: the copy is the block's only write.
void* DeviceMallocCopy(const void* host, std::size_t bytes) {
    std::size_t capacity = 0;
    uint8_t* raw = GuardedBlock(bytes, capacity);
    if (raw == nullptr) return nullptr;
    if (bytes > 0) std::memcpy(raw + kGuardBytes, host, bytes);
    return RegisterBlock(raw, capacity, bytes, true);
}

namespace {

// Takes the live allocation at `p` out of the registry (nullopt: none). With `drop`, its block is kept for reuse and
// `drop` gets the pooled blocks to free (outside the lock).
std::optional<Block> Unregister(void* p, std::vector<uint8_t*>* drop) {
    Registry& r = Reg();
    std::unique_lock lock(r.mu);
    auto it = r.byBase.find(reinterpret_cast<uintptr_t>(p));
    if (it == r.byBase.end()) return std::nullopt;
    Block gone = it->second;
    r.liveBytes -= gone.alloc.bytes;
    if (drop != nullptr) *drop = KeepForReuse(r, gone.alloc.base - kGuardBytes, gone.capacity);
    r.byBase.erase(it);
    return gone;
}

}  // namespace

// Freed memory leaves nothing in the twin's L2 (sim/l2_reuse.h): a later allocation at the same address starts cold.
bool DeviceFree(void* p) {
    std::vector<uint8_t*> drop;
    const std::optional<Block> freed = Unregister(p, &drop);
    if (!freed) return false;
    DropFromL2(freed->alloc.base, freed->alloc.bytes);
    for (uint8_t* raw : drop) std::free(raw);
    return true;
}

void* DetachToHost(void* p) {
    const std::optional<Block> gone = Unregister(p, nullptr);
    if (!gone) return nullptr;
    DropFromL2(gone->alloc.base, gone->alloc.bytes);
    uint8_t* raw = gone->alloc.base - kGuardBytes;
    Registry& r = Reg();
    std::unique_lock lock(r.mu);
    r.detached[raw] = gone->capacity;
    return raw;
}

// A block the host is done with goes back to the pool like a freed allocation: an output's pages are reused by the
// next call's outputs instead of faulting in (and being zeroed by the OS) again.
void FreeDetached(void* block) {
    auto* raw = static_cast<uint8_t*>(block);
    std::vector<uint8_t*> drop{raw};
    {
        Registry& r = Reg();
        std::unique_lock lock(r.mu);
        auto it = r.detached.find(raw);
        if (it != r.detached.end()) {
            drop = KeepForReuse(r, raw, it->second);
            r.detached.erase(it);
        }
    }
    for (uint8_t* b : drop) std::free(b);
}

std::optional<DeviceAllocation> FindAllocation(const void* p, uint64_t bytes) {
    Registry& r = Reg();
    std::shared_lock lock(r.mu);
    auto addr = reinterpret_cast<uintptr_t>(p);
    const DeviceAllocation* a = FindLocked(r, addr);
    if (a == nullptr) return std::nullopt;
    uint64_t offset = addr - reinterpret_cast<uintptr_t>(a->base);
    if (offset + bytes > a->bytes) return std::nullopt;
    return *a;
}

std::optional<DeviceAllocation> FindContaining(const void* p) {
    Registry& r = Reg();
    std::shared_lock lock(r.mu);
    auto addr = reinterpret_cast<uintptr_t>(p);
    const DeviceAllocation* a = FindLocked(r, addr);
    if (a != nullptr) return *a;
    // An address in a guard zone belongs to the allocation it guards (for a readable message).
    auto it = r.byBase.upper_bound(addr);
    if (it != r.byBase.end() && it->first - addr <= kGuardBytes) return it->second.alloc;
    if (it != r.byBase.begin()) {
        --it;
        if (addr - (it->first + it->second.alloc.bytes) < kGuardBytes) return it->second.alloc;
    }
    return std::nullopt;
}

namespace {

bool GuardIntact(const uint8_t* guard) {
    static const std::array<uint8_t, kGuardBytes> kIntact = [] {
        std::array<uint8_t, kGuardBytes> g{};
        g.fill(kGuardPattern);
        return g;
    }();
    return std::memcmp(guard, kIntact.data(), kGuardBytes) == 0;
}

// Every launch checks every live allocation: the intact case is two memcmp calls and no text.
std::string GuardDamage(const DeviceAllocation& a) {
    if (GuardIntact(a.base - kGuardBytes) && GuardIntact(a.base + a.bytes)) return {};
    auto firstBad = [](const uint8_t* p, uint64_t n) -> int64_t {
        for (uint64_t i = 0; i < n; ++i) {
            if (p[i] != kGuardPattern) return static_cast<int64_t>(i);
        }
        return -1;
    };
    std::ostringstream os;
    int64_t before = firstBad(a.base - kGuardBytes, kGuardBytes);
    int64_t after = firstBad(a.base + a.bytes, kGuardBytes);
    if (before >= 0) {
        os << "guard zone before device allocation #" << a.id << " (" << a.bytes << " bytes) overwritten at byte "
           << (before - static_cast<int64_t>(kGuardBytes));
    }
    if (after >= 0) {
        if (before >= 0) os << "; ";
        os << "guard zone after device allocation #" << a.id << " (" << a.bytes << " bytes) overwritten at byte "
           << a.bytes + static_cast<uint64_t>(after) << " (" << after << " past the end)";
    }
    return os.str();
}

}  // namespace

std::string CheckGuards(const void* base) {
    Registry& r = Reg();
    std::shared_lock lock(r.mu);
    auto it = r.byBase.find(reinterpret_cast<uintptr_t>(base));
    if (it == r.byBase.end()) return "not the base of a live device allocation";
    return GuardDamage(it->second.alloc);
}

std::vector<std::string> CheckAllGuards(bool repair) {
    Registry& r = Reg();
    std::unique_lock lock(r.mu);
    std::vector<std::string> out;
    for (const auto& [key, block] : r.byBase) {
        const DeviceAllocation& a = block.alloc;
        std::string damage = GuardDamage(a);
        if (damage.empty()) continue;
        out.push_back(std::move(damage));
        if (repair) {
            std::memset(a.base - kGuardBytes, kGuardPattern, kGuardBytes);
            std::memset(a.base + a.bytes, kGuardPattern, kGuardBytes);
        }
    }
    return out;
}

std::size_t LiveAllocationCount() {
    Registry& r = Reg();
    std::shared_lock lock(r.mu);
    return r.byBase.size();
}

uint64_t LiveDeviceBytes() {
    Registry& r = Reg();
    std::shared_lock lock(r.mu);
    return r.liveBytes;
}

}  // namespace ascendc_sim
