// UB bank groups on A2/A3 (asc-devkit 避免bank冲突（NPU架构版本2201）.md): a 32-byte row at UB offset o is in bank
// group (o / 32) % 16, and a vector instruction whose operands put two reads, two writes, or a read and a write into
// one group waits a beat for each extra one. Kernels place their buffers' starts in chosen groups with these helpers.
#pragma once
#include <cstdint>

#include "op_kernel/common/host_device.h"

namespace ascendops {

inline constexpr uint32_t kUbBankGroups = 16;
inline constexpr uint32_t kUbBankRowBytes = 32;
inline constexpr uint32_t kUbBankCycleBytes = kUbBankGroups * kUbBankRowBytes;  // 512: one row of every group

// Bytes to leave at UB offset `offset` so that the next buffer starts in bank group `group`.
ASCENDOPS_HOST_DEVICE inline uint32_t PadToBankGroup(uint64_t offset, uint32_t group) {
    const uint64_t at = offset % kUbBankCycleBytes, want = uint64_t{group % kUbBankGroups} * kUbBankRowBytes;
    return static_cast<uint32_t>((want + kUbBankCycleBytes - at) % kUbBankCycleBytes);
}

// The least length >= `bytes` whose start-to-start step between consecutive buffers moves `groups` bank groups on.
ASCENDOPS_HOST_DEVICE inline uint32_t BankStepLength(uint32_t bytes, uint32_t groups) {
    const uint32_t residue = groups % kUbBankGroups * kUbBankRowBytes;
    return bytes <= residue
               ? residue
               : (bytes - residue + kUbBankCycleBytes - 1) / kUbBankCycleBytes * kUbBankCycleBytes + residue;
}

}  // namespace ascendops
