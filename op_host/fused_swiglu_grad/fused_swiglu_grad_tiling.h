// FusedSwigluGrad host tilings of the b, w and x kernels: shapes, dtypes and platform -> tiling data, key,
// blockDim, workspace, or a clear error. Pure C++17.
#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <vector>

#include "op_host/common/key_names.h"
#include "op_host/common/platform.h"
#include "op_host/common/tiling_result.h"
#include "op_kernel/fused_swiglu_grad/fused_swiglu_grad_tiling_data.h"

namespace ascendops::fused_swiglu_grad {

inline constexpr uint32_t kMaxTileCols = 2048;    // wider rows are cut into column chunks (R >= 4 at 2048)
inline constexpr uint32_t kMaxTileRows = 255;     // DataCopyPad blockCount and repeat counts stay small
inline constexpr uint64_t kMinChunkElems = 4096;  // minimum work of a row chunk (and so of a core): 8 KB per input
inline constexpr uint32_t kMaxChunks = 240;       // divisible by 48, 40, 24, 20, 16, 10, 8: even core loads

// The b kernel's three inputs, in argument order (names for messages).
inline constexpr const char* kBInputNames[] = {"dy", "g", "fc"};

struct BTilingInput {
    std::vector<int64_t> shapes[3];  // dy, g, fc: [M, N]
    DataType dtypes[3] = {DataType::kBf16, DataType::kBf16, DataType::kBf16};
};

// Key names for Python and messages (ascendops.ops.fused_swiglu_grad reads them through _C).
inline constexpr KeyName<FusedSwigluGradKey> kFusedSwigluGradKeyNames[] = {
    {FusedSwigluGradKey::kB, "B"}, {FusedSwigluGradKey::kW, "W"}, {FusedSwigluGradKey::kX, "X"}};

using BTilingResult = TilingResult<FusedSwigluGradBTilingData>;

Result<BTilingResult> ComputeBTiling(const BTilingInput& in, const Platform& platform);

// ---- w and x kernels (fused_swiglu_grad_cube_tiling.cpp) ----

// Names and dimension letters of the operator's six inputs, in the user-level call's order: dy, g, fc [M, N];
// x [M, K]; w_g, w_fc [K, N].
struct SgOperand {
    const char* name;
    char rows;
    char cols;
};
inline constexpr SgOperand kSgOperands[] = {{"dy", 'M', 'N'}, {"g", 'M', 'N'},   {"fc", 'M', 'N'},
                                            {"x", 'M', 'K'},  {"w_g", 'K', 'N'}, {"w_fc", 'K', 'N'}};
inline constexpr SgOperand kWOperands[] = {{"x", 'M', 'K'}, {"dg", 'M', 'N'}, {"dfc", 'M', 'N'}};
inline constexpr SgOperand kXOperands[] = {{"dg", 'M', 'N'}, {"dfc", 'M', 'N'}, {"w_g", 'K', 'N'}, {"w_fc", 'K', 'N'}};

// Each operand BF16, rank 2, M in [0, 2^31 - 1], K and N in [1, 2^31 - 1], and every letter one size across the
// operands (the first operand naming a letter fixes it). 161002 naming the operand and the rule.
std::optional<Error> CheckOperands(const SgOperand* ops, size_t count, const std::vector<int64_t>* shapes,
                                   const DataType* dtypes);

// Block shapes (a unit of work of one AIV; any value gives the same results, see the tiling data header).
// w: a unit is one base block blockK x blockN (SetFixSplit), multiples of 16 up to 256 each (L0A / L0B take 256 x 64
// BF16 double-buffered) whose FP32 L0C block fits 128 KB; the reduction M streams both panels (never whole in L1).
inline constexpr uint32_t kWMaxBlockSide = 256;
inline constexpr uint64_t kWMaxBlockElems = 128 * 256;
// x: blockM rows is one base block (SetFixSplit(blockM, XBaseN)), a multiple of 16 up to kXMaxBlockM (its FP32 L0C
// block baseM x XBaseN stays within L0C); blockK up to kXMaxBlockK columns stream w_g / w_fc once per unit.
// XBaseN per core architecture (Arch order): dav-c220 128 (256 x 128 FP32 = its 128 KB L0C); dav-3510 256, seed 000's
// vector tile [128, 256] for DAV_3510 (pypto-gym fused_swiglu_grad x kernel), 256 x 256 FP32 = its 256 KB L0C;
// dav-m200 runs no FusedSwigluGrad.
inline constexpr uint32_t kXBaseNOf[] = {0, 128, 256};
static_assert(std::size(kXBaseNOf) == static_cast<size_t>(Arch::kCount), "an x base N per architecture");
inline constexpr uint32_t XBaseN(Arch arch) { return kXBaseNOf[static_cast<int>(arch)]; }
inline constexpr uint32_t kXMaxBlockM = 256;
inline constexpr uint32_t kXFallbackBlockM = 128;  // when dg's [blockM, N] panel cannot stay in L1 whole
inline constexpr uint32_t kXMaxBlockK = 1024;

// The common result (blockDim: AIC:AIV groups of the MIX launch, 0 when M = 0 and nothing is launched) and the
// Matmul calls of one block (m = n = k = 0 when M = 0): data.cube's source.
template <typename Data>
struct SgTilingResult : TilingResult<Data> {
    MatmulTilingCall cubeCall;
};
using WTilingResult = SgTilingResult<FusedSwigluGradWTilingData>;
using XTilingResult = SgTilingResult<FusedSwigluGradXTilingData>;

struct WTilingInput {
    std::vector<int64_t> shapes[3];  // x [M, K], dg [M, N], dfc [M, N]
    DataType dtypes[3] = {DataType::kBf16, DataType::kBf16, DataType::kBf16};
};
struct XTilingInput {
    std::vector<int64_t> shapes[4];  // dg, dfc [M, N], w_g, w_fc [K, N]
    DataType dtypes[4] = {DataType::kBf16, DataType::kBf16, DataType::kBf16, DataType::kBf16};
};

Result<WTilingResult> ComputeWTiling(const WTilingInput& in, const Platform& platform);
Result<XTilingResult> ComputeXTiling(const XTilingInput& in, const Platform& platform);

}  // namespace ascendops::fused_swiglu_grad
