// What every host tiling returns: the tiling data (passed whole to the kernel) and the launch facts beside it.
#pragma once
#include <cstdint>

namespace ascendops {

template <typename TilingData>
struct TilingResult {
    TilingData data;
    uint64_t tilingKey;       // the kernel entry's TILING_KEY_IS branch
    uint32_t blockDim;        // cores launched (CANN's launch parameter: SetBlockDim, <<<blockDim>>>)
    uint64_t workspaceBytes;  // the system reserve plus the operator's own
    uint64_t ubBytes;         // UB the kernel allocates (its TPipe::InitBuffer total)
    // The key's kernel is KERNEL_TYPE_MIX_VECTOR_CORE (310P: blockDim counts AI + Vector Cores); the launch says so
    // (the twin's LaunchConfig::vectorCores; on the NPU the runtime reads the type from the binary).
    bool vectorCores = false;
};

}  // namespace ascendops
