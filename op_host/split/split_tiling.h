// Split host tiling: (shape, dtype, piece lengths, dim, platform) -> tiling data, key, blockDim.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "op_host/common/key_names.h"
#include "op_host/common/platform.h"
#include "op_host/common/tiling_result.h"
#include "op_kernel/split/split_tiling_data.h"

namespace ascendops::split {

inline constexpr size_t kMaxRank = 8;
inline constexpr uint64_t kGranulesPerCore = 16;  // granules per core at full spread (load balance)

struct TilingInput {
    std::vector<int64_t> shape;
    DataType dtype;
    std::vector<int64_t> sections;  // piece lengths along dim (split_size and chunks are resolved by the caller)
    int64_t dim;                    // may be negative
};

using TilingResult = ascendops::TilingResult<SplitTilingData>;  // tilingKey is the SplitKey

// The dtypes Split takes (the OpDef's x / y lists derive from it).
inline constexpr DataType kSplitTypes[] = {DataType::kBool,  DataType::kInt8,    DataType::kUint8,
                                           DataType::kInt16, DataType::kFloat16, DataType::kBf16,
                                           DataType::kInt32, DataType::kFloat,   DataType::kInt64};

inline constexpr KeyName<SplitKey> kSplitKeyNames[] = {
    {SplitKey::kAligned, "ALIGNED"},
    {SplitKey::kPad, "PAD"},
    {SplitKey::kAlignedWindow, "ALIGNED_WINDOW"},
    {SplitKey::kNarrow, "NARROW"},
};

// 161002 naming the dtype when Split does not take it (element sizes 1, 2, 4, 8 of the nine delivered dtypes).
std::optional<Error> CheckDtype(DataType dtype);
// 161002 naming the rule for rank, dim and sections; the normalised dim otherwise.
Result<uint32_t> CheckShape(const std::vector<int64_t>& shape, const std::vector<int64_t>& sections, int64_t dim);

Result<TilingResult> ComputeTiling(const TilingInput& in, const Platform& platform);

}  // namespace ascendops::split
