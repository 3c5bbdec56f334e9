// Device memory of the twin: host heap blocks with guard zones, registered so every GM access can be checked
// against the allocation it falls in.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ascendc_sim {

inline constexpr uint64_t kGuardBytes = 512;    // before and after every allocation
inline constexpr uint8_t kGuardPattern = 0xE7;  // what an untouched guard byte holds
inline constexpr uint8_t kFreshPattern = 0xCD;  // new device memory is not zeroed, as on hardware

struct GmShadow;

struct DeviceAllocation {
    uint64_t id;
    uint8_t* base;  // first usable byte
    uint64_t bytes;
    std::shared_ptr<GmShadow> shadow;  // which bytes hold defined values (sim/gm_definedness.h)
};

// nullptr if the host lacks the memory (the twin's device memory is host RAM) or the size cannot be guarded.
// `defined`: the host fills it by plain stores the twin cannot see (GmAlloc), so its bytes count as defined;
// otherwise (aclrtMalloc) they are undefined until written.
void* DeviceMalloc(std::size_t bytes, bool defined = false);
// False if p is not the base of a live allocation.
bool DeviceFree(void* p);
// The allocation holding [p, p + bytes), if any.
std::optional<DeviceAllocation> FindAllocation(const void* p, uint64_t bytes);
// The allocation holding address p (for messages), if any.
std::optional<DeviceAllocation> FindContaining(const void* p);
// Empty if both guard zones of the allocation at `base` are intact, else what was overwritten.
std::string CheckGuards(const void* base);
// Messages for every live allocation with a damaged guard; `repair` re-stamps the guards so a damage is
// reported once.
std::vector<std::string> CheckAllGuards(bool repair = false);
std::size_t LiveAllocationCount();
// Usable bytes of every live allocation (all devices of the process share one pool).
uint64_t LiveDeviceBytes();

}  // namespace ascendc_sim
