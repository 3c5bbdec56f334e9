// Integer rounding the twin and its host Matmul tiling use; overflow-safe for 64-bit sizes (no a + b - 1).
// Outside the platform namespace on purpose: an operator package importing ascendc_sim::platform keeps its own.
#pragma once
#include <cstdint>

namespace ascendc_sim {

constexpr uint64_t CeilDiv(uint64_t a, uint64_t b) { return b == 0 ? 0 : a / b + (a % b != 0 ? 1 : 0); }

// Saturates at the largest multiple of b instead of wrapping.
constexpr uint64_t AlignUp(uint64_t a, uint64_t b) {
    if (b == 0) return a;
    const uint64_t down = a - a % b;
    if (down == a) return a;
    return down > UINT64_MAX - b ? down : down + b;
}

}  // namespace ascendc_sim
