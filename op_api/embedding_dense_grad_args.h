// What both EmbeddingDenseGrad entry points share, on both backends: reading the arguments and the checks that
// decide the tiling (aclnn_embedding_dense_grad.cpp: the kernel-level pair on the twin; aclnn_embedding_dense_
// backward.cpp: the user-level composition).
#pragma once
#include <cstdint>
#include <optional>

#include "aclnn/aclnn_base.h"
#include "common/tensor_util.h"
#include "op_host/common/platform.h"
#include "op_host/embedding_dense_grad/embedding_dense_grad_tiling.h"

namespace ascendops::embedding_dense_grad {

// The argument views of one call; `pos` is empty on the user level (the sort produces it).
struct Args {
    TensorView grad;
    TensorView indices;
    std::optional<TensorView> pos;
    TensorView out;
};

// `out` may be null only with `precheck` (CheckBeforeOut: out is not allocated yet).
Result<Args> ReadArgs(const aclTensor* grad, const aclTensor* indices, const char* indicesName, const aclTensor* pos,
                      aclTensor* out, bool precheck = false);

// Every check that needs no out tensor: dtypes, numel agreement and the tiling's rules (attributes, sizes).
Result<TilingResult> Plan(const Args& a, int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq);

// out: FLOAT, [numWeights, D], contiguous.
std::optional<Error> CheckOut(const TensorView& out, int64_t numWeights, int64_t dim);

}  // namespace ascendops::embedding_dense_grad
