// Cast host tiling: (shape, source dtype, destination dtype, platform) -> tiling data, key, blockDim.
#pragma once
#include <cstdint>
#include <optional>

#include "op_host/common/key_names.h"
#include "op_host/common/platform.h"
#include "op_host/common/tiling_result.h"
#include "op_kernel/cast/cast_plan.h"
#include "op_kernel/cast/cast_tiling_data.h"

namespace ascendops::cast {

inline constexpr uint32_t kTileAlignElems = 256;  // tiles are whole 256-element groups (full vector repeats)
inline constexpr uint64_t kZeroTailBytes = 1024;  // zero tails of the BF16 input tiles (kernel buffers), slack

struct TilingInput {
    uint64_t totalElements;
    DataType src;
    DataType dst;
};

// The tiling key (= path class) names, in key order.
inline constexpr KeyName<CastPath> kCastKeyNames[] = {
    {CastPath::kDirect, "DIRECT"},
    {CastPath::kTwoCast, "TWO_CAST"},
    {CastPath::kDstBool, "DST_BOOL"},
    {CastPath::kNarrow64, "NARROW64"},
    {CastPath::kWiden64, "WIDEN64"},
    {CastPath::kBf16ToF32, "BF16_TO_F32"},
    {CastPath::kBf16ToOther, "BF16_TO_OTHER"},
    {CastPath::kSameWidth8Bit, "SAMEWIDTH_8BIT"},
    {CastPath::kNarrow8, "NARROW8"},
};

using TilingResult = ascendops::TilingResult<CastTilingData>;  // tilingKey is the CastPath

std::optional<CastType> ToCastType(DataType t);
CastArch ArchOf(SocVersion soc);
const char* PathName(CastPath path);

// Views of the plan table for one SoC: the spec's pathClassMap / middleBytesMap (ScratchBytesPerElem: UB bytes per
// element beyond the queues) / roundModeMap.
CastPath PathClass(SocVersion soc, DataType src, DataType dst);
uint32_t ScratchBytesPerElem(SocVersion soc, DataType src, DataType dst);
CastRound RoundModeOf(SocVersion soc, DataType src, DataType dst);

// 161002 with a message naming the pair when Cast does not deliver it on this SoC.
std::optional<Error> CheckPair(DataType src, DataType dst, const Platform& platform);

// UB bytes the kernel allocates for tiles of tileElems elements (queues + table + scratch + reserve).
uint64_t UbBytesFor(const CastPlan& plan, CastType src, CastType dst, CastArch arch, uint64_t tileElems);

Result<TilingResult> ComputeTiling(const TilingInput& in, const Platform& platform);

}  // namespace ascendops::cast
