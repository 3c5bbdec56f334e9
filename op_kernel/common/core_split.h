// The one core split every operator uses, host and kernel alike: `units` (elements, granules, rows or tasks) dealt
// out in contiguous runs, the first bigCores cores taking unitsPerCore + 1 units and the others unitsPerCore.
// The host chooses unitsPerCore and bigCores with SplitEvenly (op_host/common/tiling_util.h).
#pragma once
#include <cstdint>

#include "op_kernel/common/host_device.h"

namespace ascendops {

ASCENDOPS_HOST_DEVICE inline uint64_t CoreUnitCount(uint64_t unitsPerCore, uint64_t bigCores, uint64_t core) {
    return unitsPerCore + (core < bigCores ? 1 : 0);
}
ASCENDOPS_HOST_DEVICE inline uint64_t CoreUnitStart(uint64_t unitsPerCore, uint64_t bigCores, uint64_t core) {
    return core * unitsPerCore + (core < bigCores ? core : bigCores);
}

}  // namespace ascendops
