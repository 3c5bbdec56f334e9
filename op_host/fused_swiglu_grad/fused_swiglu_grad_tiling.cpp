// FusedSwigluGrad b-kernel tiling (spec: docs/ops/fused_swiglu_grad.md), in fixed phases:
// validate -> platform -> shape -> compute -> key -> workspace.
#include "op_host/fused_swiglu_grad/fused_swiglu_grad_tiling.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>

#include "op_host/common/tiling_util.h"

namespace ascendops::fused_swiglu_grad {
namespace {

constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

std::string ShapeText(const std::vector<int64_t>& shape) {
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

std::optional<Error> Validate(const BTilingInput& in) {
    for (int i = 0; i < 3; ++i) {
        const char* name = kBInputNames[i];
        if (in.dtypes[i] != DataType::kBf16) {
            return InvalidParam(std::string(name) + " dtype " + DataTypeName(in.dtypes[i]) + " must be bfloat16");
        }
        const auto& s = in.shapes[i];
        if (s.size() != 2) {
            return InvalidParam(std::string(name) + " rank " + std::to_string(s.size()) + " " + ShapeText(s) +
                                " must be 2 ([M, N])");
        }
        if (s[0] < 0 || s[0] > kInt32Max) {
            return InvalidParam(std::string(name) + " M " + std::to_string(s[0]) + " must be in [0, 2^31 - 1]");
        }
        if (s[1] < 1 || s[1] > kInt32Max) {
            return InvalidParam(std::string(name) + " N " + std::to_string(s[1]) + " must be in [1, 2^31 - 1]");
        }
        if (i > 0 && s != in.shapes[0]) {
            return InvalidParam(std::string(name) + " shape " + ShapeText(s) + " must equal dy shape " +
                                ShapeText(in.shapes[0]));
        }
    }
    return std::nullopt;
}

SgSplit ToSg(const CoreSplit& s) {
    return {static_cast<uint32_t>(s.parts), static_cast<uint32_t>(s.granulesPerPart), static_cast<uint32_t>(s.bigParts),
            static_cast<uint32_t>(s.granuleUnits), static_cast<uint32_t>(s.tailUnits)};
}

}  // namespace

Result<BTilingResult> ComputeBTiling(const BTilingInput& in, const Platform& platform) {
    // validate
    if (auto err = Validate(in)) return *err;

    // platform: A2/A3 only (DataCopyPad for any N, hardware SyncAll, bf16 <-> float casts)
    const SocInfo& soc = *platform.soc;
    if (soc.version == SocVersion::kAscend310P) {
        return InvalidParam(std::string("soc ") + soc.name +
                            " is not supported by FusedSwigluGrad (needs ascend910b, ascend910_93 or ascend950)");
    }
    const uint64_t coreNum = std::max<uint32_t>(platform.coreNum, 1);
    const uint64_t ubBudget = platform.UbUsableBytes();

    // shape
    const uint64_t rows = static_cast<uint64_t>(in.shapes[0][0]);
    const uint64_t cols = static_cast<uint64_t>(in.shapes[0][1]);

    // compute: row chunks (core-count independent), chunks over cores, column chunks, tile rows, final column split
    FusedSwigluGradBTilingData td{};
    td.rows = static_cast<uint32_t>(rows);
    td.cols = static_cast<uint32_t>(cols);
    const uint64_t wanted = std::clamp<uint64_t>(CeilDiv(rows * cols, kMinChunkElems), 1, kMaxChunks);
    td.chunks = ToSg(SplitEvenly(rows, wanted, 1));
    td.coreChunks = ToSg(SplitEvenly(td.chunks.parts, coreNum, 1));
    td.usedCoreNum = td.coreChunks.parts;
    td.colChunkNum = static_cast<uint32_t>(CeilDiv(cols, kMaxTileCols));
    td.colChunk =
        td.colChunkNum == 1 ? td.cols : static_cast<uint32_t>(AlignUp(CeilDiv(cols, td.colChunkNum), kSgBf16PerBlock));
    td.colChunkNum = static_cast<uint32_t>(CeilDiv(cols, td.colChunk));
    td.lastColChunk = static_cast<uint32_t>(cols - uint64_t{td.colChunkNum - 1} * td.colChunk);
    if (SgBLayout(1, td.colChunk).Total() > ubBudget) {
        return TilingError("UB " + std::to_string(ubBudget) + " bytes leaves no room for one tile row");
    }
    const uint64_t maxChunkRows = td.chunks.per + (td.chunks.big > 0 ? 1 : 0);
    td.tileRows = 1;  // the most rows whose bank-aligned layout fits (padding makes it not quite linear in rows)
    while (td.tileRows < std::min<uint64_t>(kMaxTileRows, std::max<uint64_t>(maxChunkRows, 1)) &&
           SgBLayout(td.tileRows + 1, td.colChunk).Total() <= ubBudget) {
        ++td.tileRows;
    }
    td.partialPitch = static_cast<uint32_t>(AlignUp(cols, kSgFloatPerBlock));
    td.coreCols = ToSg(SplitEvenly(cols, td.usedCoreNum, kSgBf16PerBlock));

    // key
    const auto key = FusedSwigluGradKey::kB;

    // workspace: system reserve, then the FP32 partial column sums [db_g | db_fc][chunk][partialPitch]
    td.partialOffset = 0;
    const uint64_t partialBytes = 2ull * td.chunks.parts * td.partialPitch * sizeof(float);
    return BTilingResult{td, static_cast<uint64_t>(key), td.usedCoreNum, platform.SystemWorkspaceBytes() + partialBytes,
                         SgBLayout(td.tileRows, td.colChunk).Total()};
}

}  // namespace ascendops::fused_swiglu_grad
