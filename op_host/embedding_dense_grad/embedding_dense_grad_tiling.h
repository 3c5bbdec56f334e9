// EmbeddingDenseGrad host tiling: shapes, dtypes, attrs and platform -> tiling data, key, blockDim, workspace.
#pragma once
#include <cstdint>
#include <vector>

#include "op_host/common/key_names.h"
#include "op_host/common/platform.h"
#include "op_host/common/tiling_result.h"
#include "op_kernel/embedding_dense_grad/embedding_dense_grad_tiling_data.h"

namespace ascendops::embedding_dense_grad {

inline constexpr uint32_t kMaxIdxBatch = 2048;  // sorted indices per UB batch (8 KB + 8 KB of pos_idx)
// Bytes of an accumulator tile at most: a copy of this size spends little on its fixed cost, larger ones only cost UB.
inline constexpr uint64_t kMaxGroupBytes = 32 * 1024;
inline constexpr uint32_t kMaxRank = 8;
// Grad-row buffers (copies in flight): deep when the whole row fits one chunk with them, else double buffering.
inline constexpr uint32_t kDeepRowBuffers = 4;
inline constexpr uint32_t kDoubleRowBuffers = 2;

struct TilingInput {
    std::vector<int64_t> gradShape;  // any rank 1..8; merged to [N, D]
    DataType gradDtype = DataType::kFloat;
    int64_t indicesNumel = 0;                  // N
    DataType indicesDtype = DataType::kInt32;  // sort_indices and pos_idx
    DataType outDtype = DataType::kFloat;
    int64_t numWeights = 0;
    int64_t paddingIdx = -1;  // negative: none
    bool scaleGradByFreq = false;
};

inline constexpr KeyName<EmbeddingDenseGradKey> kEmbeddingDenseGradKeyNames[] = {
    {EmbeddingDenseGradKey::kDefault, "DEFAULT"},
    {EmbeddingDenseGradKey::kScaleGradByFreq, "SCALE_GRAD_BY_FREQ"},
};

using TilingResult = ascendops::TilingResult<EmbeddingDenseGradTilingData>;

Result<TilingResult> ComputeTiling(const TilingInput& in, const Platform& platform);

}  // namespace ascendops::embedding_dense_grad
