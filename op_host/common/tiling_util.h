// Integer helpers every tiling uses. All are overflow-safe for 64-bit sizes (no a + b - 1).
#pragma once
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "op_kernel/common/core_split.h"

namespace ascendops {

constexpr uint64_t kBlockBytes = 32;           // GM<->UB copy granule and UB buffer alignment
constexpr uint64_t kRepeatBytes = 256;         // bytes one vector repeat covers
constexpr uint32_t kMaxRepeatTimes = 255;      // repeat count field of a vector instruction
constexpr uint64_t kMinCoreBytes = 16 * 1024;  // less work per core is not worth a core (Cast, Split)

constexpr uint64_t CeilDiv(uint64_t a, uint64_t b) { return b == 0 ? 0 : a / b + (a % b != 0 ? 1 : 0); }
constexpr uint64_t AlignDown(uint64_t a, uint64_t b) { return b == 0 ? a : a - a % b; }
// Saturates at the largest multiple of b instead of wrapping.
constexpr uint64_t AlignUp(uint64_t a, uint64_t b) {
    if (b == 0) return a;
    uint64_t down = AlignDown(a, b);
    if (down == a) return a;
    return down > UINT64_MAX - b ? down : down + b;
}

// Even split of `total` units into at most `maxParts` parts, in whole granules of `granuleUnits` units.
// The first `bigParts` parts take one more granule than the rest; the last part also takes the
// remainder that is not a whole granule. Never more parts than there are granules (at least one part).
struct CoreSplit {
    uint64_t parts;            // cores used (blockDim)
    uint64_t granulesPerPart;  // whole granules of a small part
    uint64_t bigParts;         // parts that take granulesPerPart + 1 granules
    uint64_t tailUnits;        // units beyond the whole granules, owned by the last part
    uint64_t granuleUnits;     // units of one granule

    // Units owned by part i (0 <= i < parts) and where they start.
    uint64_t UnitsOf(uint64_t i) const {
        const uint64_t units = CoreUnitCount(granulesPerPart, bigParts, i) * granuleUnits;
        return i + 1 == parts ? units + tailUnits : units;
    }
    uint64_t StartOf(uint64_t i) const { return CoreUnitStart(granulesPerPart, bigParts, i) * granuleUnits; }
};

constexpr CoreSplit SplitEvenly(uint64_t total, uint64_t maxParts, uint64_t granuleUnits) {
    if (granuleUnits == 0) granuleUnits = 1;
    if (maxParts == 0) maxParts = 1;
    uint64_t granules = total / granuleUnits;
    uint64_t tail = total % granuleUnits;
    uint64_t parts = granules < maxParts ? granules : maxParts;
    if (parts == 0) return {1, 0, 0, tail, granuleUnits};  // less than one granule: one part owns it all
    return {parts, granules / parts, granules % parts, tail, granuleUnits};
}

// Bytes of a tensor of `shape` with `elemBytes`-byte elements; nullopt when a dim is negative or the size exceeds
// 2^63 - 1 bytes (no wrapped product ever reaches a tiling or an allocation).
inline std::optional<uint64_t> CheckedBytes(const std::vector<int64_t>& shape, uint64_t elemBytes) {
    constexpr uint64_t kMax = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    uint64_t bytes = elemBytes;
    for (int64_t d : shape) {
        if (d < 0) return std::nullopt;
        if (d == 0) return 0;
    }
    for (int64_t d : shape) {
        if (bytes > kMax / static_cast<uint64_t>(d)) return std::nullopt;
        bytes *= static_cast<uint64_t>(d);
    }
    return bytes;
}

}  // namespace ascendops
