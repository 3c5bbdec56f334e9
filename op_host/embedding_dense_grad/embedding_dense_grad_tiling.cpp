// EmbeddingDenseGrad tiling (spec: docs/ops/embedding_dense_grad.md), in fixed phases:
// validate -> platform -> shape -> compute -> key -> workspace.
#include "op_host/embedding_dense_grad/embedding_dense_grad_tiling.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>

#include "op_host/common/tiling_util.h"

namespace ascendops::embedding_dense_grad {
namespace {

constexpr uint64_t kFloatsPerBlock = kBlockBytes / sizeof(float);  // 8
constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

std::string Str(int64_t v) { return std::to_string(v); }

std::optional<Error> Validate(const TilingInput& in) {
    if (in.gradDtype != DataType::kFloat) {
        return InvalidParam(std::string("grad dtype ") + DataTypeName(in.gradDtype) + " must be float32");
    }
    if (in.indicesDtype != DataType::kInt32) {
        return InvalidParam(std::string("indices dtype ") + DataTypeName(in.indicesDtype) + " must be int32");
    }
    if (in.outDtype != DataType::kFloat) {
        return InvalidParam(std::string("out dtype ") + DataTypeName(in.outDtype) + " must be float32");
    }
    if (in.gradShape.empty() || in.gradShape.size() > kMaxRank) {
        return InvalidParam("grad rank " + Str(in.gradShape.size()) + " must be in [1, 8]");
    }
    for (int64_t d : in.gradShape) {
        if (d < 0 || d > kInt32Max) return InvalidParam("grad dim " + Str(d) + " must be in [0, 2^31 - 1]");
    }
    if (in.gradShape.back() == 0) return InvalidParam("grad last dim 0 must be >= 1");
    if (in.numWeights < 1 || in.numWeights > kInt32Max) {
        return InvalidParam("num_weights " + Str(in.numWeights) + " must be in [1, 2^31 - 1]");
    }
    const uint64_t outElems = static_cast<uint64_t>(in.numWeights) * static_cast<uint64_t>(in.gradShape.back());
    if (outElems > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) / sizeof(float)) {
        return InvalidParam("out [num_weights, D] = [" + Str(in.numWeights) + ", " + Str(in.gradShape.back()) +
                            "] overflows int64 bytes");
    }
    if (in.paddingIdx >= in.numWeights) {
        return InvalidParam("padding_idx " + Str(in.paddingIdx) + " must be < num_weights " + Str(in.numWeights) +
                            " (negative: none)");
    }
    return std::nullopt;
}

// Rows = product of all dims but the last; nullopt when it exceeds int32 (pos_idx is int32).
std::optional<uint64_t> MergedRows(const std::vector<int64_t>& shape) {
    uint64_t rows = 1;
    for (size_t i = 0; i + 1 < shape.size(); ++i) {
        if (shape[i] == 0) return 0;
        if (rows > static_cast<uint64_t>(kInt32Max) / static_cast<uint64_t>(shape[i])) return std::nullopt;
        rows *= static_cast<uint64_t>(shape[i]);
    }
    return rows;
}

EdgCopyMode ChooseCopyMode(uint64_t dim, uint64_t numRows, uint64_t numWeights, const SocInfo& soc) {
    if (dim % kFloatsPerBlock == 0) return EdgCopyMode::kBlock;
    if (soc.hasDataCopyPad) return EdgCopyMode::kPad;
    // A 32-byte window needs a tensor of at least one block (it never leaves the tensor).
    return std::min(numRows, numWeights) * dim < kFloatsPerBlock ? EdgCopyMode::kScalar : EdgCopyMode::kWindow;
}

// Columns a chunk may have with `rowBuffers` grad-row buffers and one-row tiles, given the UB the fixed part leaves.
uint64_t MaxCols(uint64_t ubBudget, uint64_t fixedBytes, uint32_t rowBuffers) {
    const uint64_t colBytes = (uint64_t{rowBuffers} + kEdgTileBuffers) * sizeof(float);  // one column in every tile
    return ubBudget > fixedBytes ? AlignDown((ubBudget - fixedBytes) / colBytes, kFloatsPerBlock) : 0;
}

// Grad-row buffers: a row's copy-in lands a latency after its issue, and with k buffers k - 1 copies run ahead of
// the adds, so short rows keep MTE2 busy only with more than two. kDeepRowBuffers when the whole row still fits one
// column chunk with them; else two, for the widest chunk (each chunk walks the sorted indices again, and a row that
// long spends far more on its bytes than on the latency).
uint32_t RowBuffers(uint64_t dim, uint64_t ubBudget, uint64_t fixedBytes) {
    return dim <= MaxCols(ubBudget, fixedBytes, kDeepRowBuffers) ? kDeepRowBuffers : kDoubleRowBuffers;
}

// Rows per UB tile (grad rows in, out rows summed). Consecutive rows are contiguous in GM only when a chunk is the
// whole row, and a window copy (310P, D % 8 != 0) covers one row: otherwise one row. Else as many as UB holds, up to
// kMaxGroupBytes per tile, the rows a core can own (one per run starting in its rows) and num_weights.
uint32_t GroupRows(const EmbeddingDenseGradTilingData& td, uint64_t ubBudget) {
    const auto mode = static_cast<EdgCopyMode>(td.copyMode);
    if (td.colChunkNum != 1 || (mode != EdgCopyMode::kBlock && mode != EdgCopyMode::kPad)) return 1;
    const uint64_t rowBytes = uint64_t{td.colChunk} * sizeof(float);
    const uint64_t used = EdgUbBytes(td);  // with one-row tiles
    const uint64_t tiles = uint64_t{td.rowBuffers} + kEdgTileBuffers;
    const uint64_t fit = 1 + (ubBudget > used ? (ubBudget - used) / (tiles * rowBytes) : 0);
    const uint64_t rows = std::min({fit, std::max<uint64_t>(1, kMaxGroupBytes / rowBytes),
                                    std::max<uint64_t>(1, td.formerRowNum), uint64_t{td.numWeights}});
    return static_cast<uint32_t>(rows);
}

}  // namespace

Result<TilingResult> ComputeTiling(const TilingInput& in, const Platform& platform) {
    // validate
    if (auto err = Validate(in)) return *err;
    auto rows = MergedRows(in.gradShape);
    if (!rows) return InvalidParam("grad rows (all dims but the last) must be <= 2^31 - 1");
    if (static_cast<int64_t>(*rows) != in.indicesNumel) {
        return InvalidParam("indices numel " + Str(in.indicesNumel) + " must equal grad rows " + Str(*rows));
    }

    // platform
    const SocInfo& soc = *platform.soc;
    const uint64_t coreNum = std::max<uint64_t>(platform.coreNum, 1);

    // shape
    const uint64_t numRows = *rows;
    const uint64_t dim = static_cast<uint64_t>(in.gradShape.back());

    // compute: rows over cores (former cores take one row more), then UB -> column chunk
    EmbeddingDenseGradTilingData td{};
    td.numRows = static_cast<uint32_t>(numRows);
    td.dimSize = static_cast<uint32_t>(dim);
    td.numWeights = static_cast<uint32_t>(in.numWeights);
    td.paddingIdx = in.paddingIdx < 0 ? -1 : static_cast<int32_t>(in.paddingIdx);
    td.scaleGradByFreq = in.scaleGradByFreq ? 1 : 0;
    const EdgCopyMode mode = ChooseCopyMode(dim, numRows, static_cast<uint64_t>(in.numWeights), soc);
    td.copyMode = static_cast<uint32_t>(mode);
    // Scalar GM stores go through per-core 64-byte cache lines: the (tiny) scalar path runs on one core.
    const uint64_t used = mode == EdgCopyMode::kScalar ? 1 : std::min(coreNum, std::max<uint64_t>(numRows, 1));
    const CoreSplit split = SplitEvenly(numRows, used, 1);
    td.usedCoreNum = static_cast<uint32_t>(used);
    td.formerCoreNum = static_cast<uint32_t>(split.bigParts);
    td.tailRowNum = static_cast<uint32_t>(split.granulesPerPart);
    td.formerRowNum = td.tailRowNum + (td.formerCoreNum > 0 ? 1 : 0);
    td.idxBatch = static_cast<uint32_t>(
        std::min<uint64_t>(kMaxIdxBatch, AlignUp(std::max<uint64_t>(td.formerRowNum, 1), kFloatsPerBlock)));

    td.colChunk = 0;  // EdgUbBytes without the column buffers: the fixed part
    td.groupRows = 1;
    const uint64_t fixedBytes = EdgUbBytes(td);
    const uint64_t ubBudget = platform.UbUsableBytes();
    td.rowBuffers = RowBuffers(dim, ubBudget, fixedBytes);
    const uint64_t maxCols = MaxCols(ubBudget, fixedBytes, td.rowBuffers);
    if (maxCols == 0) return TilingError("UB " + Str(ubBudget) + " bytes leaves no room for a column chunk");
    td.colChunkNum = static_cast<uint32_t>(CeilDiv(dim, maxCols));
    td.colChunk = static_cast<uint32_t>(AlignUp(CeilDiv(dim, td.colChunkNum), kFloatsPerBlock));
    td.lastColChunk = static_cast<uint32_t>(dim - uint64_t{td.colChunkNum - 1} * td.colChunk);
    td.groupRows = GroupRows(td, ubBudget);

    // key
    const auto key = in.scaleGradByFreq ? EmbeddingDenseGradKey::kScaleGradByFreq : EmbeddingDenseGradKey::kDefault;

    // workspace: the system reserve only (the scale path keeps no counts and no barrier slot)
    return TilingResult{td, static_cast<uint64_t>(key), td.usedCoreNum, platform.SystemWorkspaceBytes(),
                        EdgUbBytes(td)};
}

}  // namespace ascendops::embedding_dense_grad
