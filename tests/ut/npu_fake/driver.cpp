// Runs op_api's NPU build (the compositions over the generated pairs and CANN's built-ins) against fake_cann.cpp and
// prints the calls it made, one a line, then "status <phase 1> <phase 2>". Scenario names: argv[1].
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "aclnn_embedding_dense_grad.h"
#include "aclnn_fused_swiglu_grad.h"

extern std::vector<std::string> g_log;

namespace {

const auto kStream = reinterpret_cast<aclrtStream>(0x5a);

// A dense tensor over a fresh host buffer ("device memory" of the fake).
aclTensor* Tensor(std::vector<int64_t> shape, aclDataType dtype, size_t elem) {
    std::vector<int64_t> strides(shape.size(), 1);
    size_t n = 1;
    for (size_t i = shape.size(); i-- > 0;) {
        strides[i] = static_cast<int64_t>(n);
        n *= static_cast<size_t>(shape[i]);
    }
    void* data = std::calloc(n == 0 ? 1 : n, elem);
    return aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                           shape.size(), data);
}

// The transposed view of a [rows, cols] buffer: shape [cols, rows], strides [1, cols].
aclTensor* Transposed(int64_t rows, int64_t cols, aclDataType dtype, size_t elem) {
    const int64_t shape[] = {cols, rows};
    const int64_t strides[] = {1, cols};
    const int64_t storage[] = {rows * cols};
    return aclCreateTensor(shape, 2, dtype, strides, 0, ACL_FORMAT_ND, storage, 1, std::calloc(rows * cols, elem));
}

template <typename Phase1, typename Phase2>
void Call(Phase1 phase1, Phase2 phase2) {
    uint64_t size = 0;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus s1 = phase1(&size, &executor);
    aclnnStatus s2 = -1;
    if (s1 == 0) {
        void* ws = std::malloc(size == 0 ? 1 : size);
        s2 = phase2(ws, size, executor, kStream);
        std::free(ws);
    }
    for (const std::string& line : g_log) std::printf("%s\n", line.c_str());
    std::printf("status %d %d\n", s1, s2);
}

void Swiglu(bool stridedW) {
    const int64_t m = 4, n = 64, k = 32;
    aclTensor* dy = Tensor({m, n}, ACL_BF16, 2);
    aclTensor* g = Tensor({m, n}, ACL_BF16, 2);
    aclTensor* fc = Tensor({m, n}, ACL_BF16, 2);
    aclTensor* x = Tensor({m, k}, ACL_BF16, 2);
    aclTensor* wG = stridedW ? Transposed(n, k, ACL_BF16, 2) : Tensor({k, n}, ACL_BF16, 2);
    aclTensor* wFc = Tensor({k, n}, ACL_BF16, 2);
    aclTensor* dx = Tensor({m, k}, ACL_BF16, 2);
    aclTensor* dwG = Tensor({k, n}, ACL_BF16, 2);
    aclTensor* dwFc = Tensor({k, n}, ACL_BF16, 2);
    aclTensor* dbG = Tensor({1, n}, ACL_BF16, 2);
    aclTensor* dbFc = Tensor({1, n}, ACL_BF16, 2);
    Call(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsFusedSwigluGradGetWorkspaceSize(dy, g, fc, x, wG, wFc, dx, dwG, dwFc, dbG, dbFc, ws,
                                                                 ex);
        },
        aclnnAscendopsFusedSwigluGrad);
}

void Embedding(aclDataType indexType, size_t elem, int64_t rows) {
    aclTensor* grad = Tensor({rows, 16}, ACL_FLOAT, 4);
    aclTensor* indices = Tensor({rows}, indexType, elem);
    aclTensor* out = Tensor({10, 16}, ACL_FLOAT, 4);
    Call(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendopsEmbeddingDenseBackwardGetWorkspaceSize(grad, indices, 10, -1, false, out, ws, ex);
        },
        aclnnAscendopsEmbeddingDenseBackward);
}

}  // namespace

int main(int argc, char** argv) {
    const std::string scenario = argc > 1 ? argv[1] : "";
    if (scenario == "swiglu")
        Swiglu(false);
    else if (scenario == "swiglu-strided")
        Swiglu(true);
    else if (scenario == "edb-int32")
        Embedding(ACL_INT32, 4, 6);
    else if (scenario == "edb-int64")
        Embedding(ACL_INT64, 8, 6);
    else if (scenario == "edb-empty")
        Embedding(ACL_INT32, 4, 0);
    else
        return 2;
    return 0;
}
