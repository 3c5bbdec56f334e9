#include "embedding_dense_grad_args.h"

#include <string>
#include <vector>

#include "aclnn_embedding_dense_grad.h"
#include "common/aclnn_context.h"

namespace ascendops::embedding_dense_grad {

std::optional<Error> CheckOut(const TensorView& out, int64_t numWeights, int64_t dim) {
    const std::vector<int64_t> expected{numWeights, dim};
    if (out.shape != expected) {
        return InvalidParam("out shape " + ShapeString(out.shape) +
                            " must be [num_weights, D] = " + ShapeString(expected));
    }
    return CheckContiguous(out);
}

// Every check that needs no out tensor: dtypes, numel agreement and the tiling's rules (attributes, sizes).
Result<TilingResult> Plan(const Args& a, int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq) {
    if (a.pos) {
        if (auto e = CheckDtype(a.indices, DataType::kInt32)) return *e;
        if (auto e = CheckDtype(*a.pos, DataType::kInt32)) return *e;
        if (a.pos->Numel() != a.indices.Numel()) {
            return InvalidParam("posIdx numel " + std::to_string(a.pos->Numel()) + " must equal sortIndices numel " +
                                std::to_string(a.indices.Numel()));
        }
    } else if (a.indices.dtype != DataType::kInt32 && a.indices.dtype != DataType::kInt64) {
        return InvalidParam(std::string("indices dtype ") + DataTypeName(a.indices.dtype) + " must be int32 or int64");
    }
    TilingInput in;
    in.gradShape = a.grad.shape;
    in.gradDtype = a.grad.dtype;
    in.indicesNumel = static_cast<int64_t>(a.indices.Numel());
    in.indicesDtype = DataType::kInt32;  // the user-level path converts to INT32 while sorting
    if (a.pos) in.indicesDtype = a.indices.dtype;
    in.outDtype = DataType::kFloat;  // out itself is checked by CheckOut
    in.numWeights = numWeights;
    in.paddingIdx = paddingIdx;
    in.scaleGradByFreq = scaleGradByFreq;
    return ComputeTiling(in, CurrentPlatform());
}

Result<Args> ReadArgs(const aclTensor* grad, const aclTensor* indices, const char* indicesName, const aclTensor* pos,
                      aclTensor* out, bool precheck) {
    Args a;
    auto g = ReadTensor(grad, "grad");
    if (!g) return g.error();
    auto i = ReadTensor(indices, indicesName);
    if (!i) return i.error();
    if (pos != nullptr) {
        auto p = ReadTensor(pos, "posIdx");
        if (!p) return p.error();
        a.pos = *p;
    }
    a.grad = *g;
    a.indices = *i;
    if (out == nullptr && precheck) return a;  // out is not allocated yet: CheckBeforeOut
    auto o = ReadTensor(out, "out");
    if (!o) return o.error();
    a.out = *o;
    return a;
}

std::optional<Error> CheckBeforeOut(const aclTensor* grad, const aclTensor* indices, const aclTensor* posIdx,
                                    int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq) {
    BeginCall();
    auto args = ReadArgs(grad, indices, posIdx != nullptr ? "sortIndices" : "indices", posIdx, nullptr, true);
    if (!args) return args.error();
    auto plan = Plan(*args, numWeights, paddingIdx, scaleGradByFreq);
    if (!plan) return plan.error();
    return std::nullopt;
}

}  // namespace ascendops::embedding_dense_grad
