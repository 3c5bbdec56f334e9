// Cast host tiling: (shape, source dtype, destination dtype, platform) -> tiling data, key, blockDim.
#pragma once
#include <cstdint>
#include <optional>

#include "op_host/common/dtype.h"
#include "op_host/common/soc.h"
#include "op_host/common/status.h"
#include "op_host/common/tiling_result.h"
#include "op_kernel/cast/cast_plan.h"
#include "op_kernel/cast/cast_tiling_data.h"

namespace ascendops::cast {

inline constexpr uint32_t kBufferNum = 2;         // double buffering of input and output queues
inline constexpr uint32_t kTileAlignElems = 256;  // tiles are whole 256-element groups (full vector repeats)
inline constexpr uint64_t kZeroTailBytes = 1024;  // zero tails of the BF16 input tiles (kernel buffers), slack

struct TilingInput {
    uint64_t totalElements;
    DataType src;
    DataType dst;
};

using TilingResult = ascendops::TilingResult<CastTilingData>;  // tilingKey is the CastPath

std::optional<CastType> ToCastType(DataType t);
CastArch ArchOf(SocVersion soc);
const char* PathName(CastPath path);

// Views of the plan table for one SoC: the spec's pathClassMap / middleBytesMap / roundModeMap.
CastPath PathClass(SocVersion soc, DataType src, DataType dst);
uint32_t MiddleBytes(SocVersion soc, DataType src, DataType dst);
CastRound RoundModeOf(SocVersion soc, DataType src, DataType dst);

// 161002 with a message naming the pair when Cast does not deliver it on this SoC.
std::optional<Error> CheckPair(DataType src, DataType dst, const Platform& platform);

// UB bytes the kernel allocates for tiles of ubFormer elements (queues + table + scratch + reserve).
uint64_t UbBytesFor(const CastPlan& plan, CastType src, CastType dst, CastArch arch, uint64_t ubFormer);

Result<TilingResult> ComputeTiling(const TilingInput& in, const Platform& platform);

}  // namespace ascendops::cast
