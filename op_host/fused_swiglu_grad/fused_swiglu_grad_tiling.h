// FusedSwigluGrad host tiling (b kernel this round): shapes, dtypes and platform -> tiling data, key, blockDim,
// workspace, or a clear error. Pure C++17.
#pragma once
#include <cstdint>
#include <vector>

#include "op_host/common/dtype.h"
#include "op_host/common/soc.h"
#include "op_host/common/status.h"
#include "op_kernel/fused_swiglu_grad/fused_swiglu_grad_tiling_data.h"

namespace ascendops::fused_swiglu_grad {

inline constexpr uint32_t kMaxTileCols = 2048;      // wider rows are cut into column chunks (R >= 4 at 2048)
inline constexpr uint32_t kMaxTileRows = 255;       // DataCopyPad blockCount and repeat counts stay small
inline constexpr uint64_t kMinChunkElems = 4096;    // minimum work of a row chunk (and so of a core): 8 KB per input
inline constexpr uint32_t kMaxChunks = 240;         // divisible by 48, 40, 24, 20, 16, 10, 8: even core loads

// The b kernel's three inputs, in argument order (names for messages).
inline constexpr const char* kBInputNames[] = {"dy", "g", "fc"};

struct BTilingInput {
    std::vector<int64_t> shapes[3];  // dy, g, fc: [M, N]
    DataType dtypes[3] = {DataType::kBf16, DataType::kBf16, DataType::kBf16};
};

struct BTilingResult {
    FusedSwigluGradBTilingData data;
    uint64_t tilingKey;
    uint32_t blockDim;
    uint64_t workspaceBytes;
};

Result<BTilingResult> ComputeBTiling(const BTilingInput& in, const Platform& platform);

}  // namespace ascendops::fused_swiglu_grad
