// A stand-in for an Ascend device with CANN's runtime, for op_api's NPU build (tests/ut/test_npu_fake_device.py):
// the ACL runtime and aclTensor calls op_api makes, over host memory, and every aclnn pair it calls - ours
// (the opp package's generated kernel-level pairs) and CANN's built-ins - as recorders that compute nothing. Each
// call appends one line to the log the driver prints: "<function> <stream> <arguments>". Nothing here is the twin:
// the test links no twin code, so no call can reach it.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"

struct aclTensor {
    std::vector<int64_t> shape, strides, storage;
    aclDataType dtype;
    int64_t offset;
    void* addr;
};
struct aclScalar {
    int64_t value;
};
struct aclOpExecutor {
    std::string op;
};

std::vector<std::string> g_log;  // read by the driver

namespace {

std::string Shape(const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
    return s + "]";
}

std::string Describe(const aclTensor* t) {
    if (t == nullptr) return "null";
    std::string s = "dt" + std::to_string(static_cast<int>(t->dtype)) + Shape(t->shape);
    int64_t expected = 1;
    bool dense = t->offset == 0;
    for (size_t i = t->shape.size(); i-- > 0;) {
        if (t->shape[i] != 1 && t->strides[i] != expected) dense = false;
        expected *= t->shape[i];
    }
    return s + (dense ? "" : "strided");
}

aclnnStatus Record(const char* op, const std::string& args, uint64_t* workspaceSize, aclOpExecutor** executor) {
    g_log.push_back(std::string(op) + "GetWorkspaceSize " + args);
    *workspaceSize = 0;
    *executor = new aclOpExecutor{op};
    return 0;
}

aclnnStatus Run(const char* op, aclOpExecutor* executor, aclrtStream stream) {
    char s[32];
    std::snprintf(s, sizeof(s), "%p", stream);
    const bool mine = executor != nullptr && executor->op == op;
    g_log.push_back(std::string(op) + " stream=" + s + (mine ? "" : " WRONG-EXECUTOR"));
    delete executor;
    return 0;
}

}  // namespace

extern "C" {

// ACL runtime.
const char* aclrtGetSocName() { return std::getenv("FAKE_SOC") != nullptr ? std::getenv("FAKE_SOC") : "Ascend910B3"; }
const char* aclGetRecentErrMsg() { return ""; }
aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy) {
    *devPtr = std::malloc(size == 0 ? 1 : size);
    return *devPtr != nullptr ? ACL_SUCCESS : ACL_ERROR_BAD_ALLOC;
}
aclError aclrtFree(void* devPtr) {
    std::free(devPtr);
    return ACL_SUCCESS;
}
aclError aclrtSynchronizeStream(aclrtStream) { return ACL_SUCCESS; }
aclError aclrtMemsetAsync(void* devPtr, size_t, int32_t value, size_t count, aclrtStream stream) {
    char s[32];
    std::snprintf(s, sizeof(s), "%p", stream);
    g_log.push_back(std::string("aclrtMemsetAsync stream=") + s + " bytes=" + std::to_string(count));
    std::memset(devPtr, value, count);
    return ACL_SUCCESS;
}

// aclTensor (nnopbase).
aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData) {
    return new aclTensor{{viewDims, viewDims + viewDimsNum},
                         {stride, stride + viewDimsNum},
                         {storageDims, storageDims + storageDimsNum},
                         dataType,
                         offset,
                         tensorData};
}
aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
    delete tensor;
    return 0;
}
aclnnStatus aclGetViewShape(const aclTensor* t, int64_t** dims, uint64_t* n) {
    *n = t->shape.size();
    *dims = new int64_t[*n + 1];
    std::copy(t->shape.begin(), t->shape.end(), *dims);
    return 0;
}
aclnnStatus aclGetViewStrides(const aclTensor* t, int64_t** strides, uint64_t* n) {
    *n = t->strides.size();
    *strides = new int64_t[*n + 1];
    std::copy(t->strides.begin(), t->strides.end(), *strides);
    return 0;
}
aclnnStatus aclGetStorageShape(const aclTensor* t, int64_t** dims, uint64_t* n) {
    *n = t->storage.size();
    *dims = new int64_t[*n + 1];
    std::copy(t->storage.begin(), t->storage.end(), *dims);
    return 0;
}
aclnnStatus aclGetViewOffset(const aclTensor* t, int64_t* offset) {
    *offset = t->offset;
    return 0;
}
aclnnStatus aclGetDataType(const aclTensor* t, aclDataType* dtype) {
    *dtype = t->dtype;
    return 0;
}
aclnnStatus aclGetRawTensorAddr(const aclTensor* t, void** addr) {
    *addr = t->addr;
    return 0;
}
aclScalar* aclCreateScalar(void* value, aclDataType) { return new aclScalar{*static_cast<int64_t*>(value)}; }
aclnnStatus aclDestroyScalar(const aclScalar* s) {
    delete s;
    return 0;
}

// The opp package's generated kernel-level pairs (what op_api's compositions launch our kernels through).
aclnnStatus aclnnAscendopsEmbeddingDenseGradGetWorkspaceSize(const aclTensor* grad, const aclTensor* sortIndices,
                                                             const aclTensor* posIdx, int64_t numWeights,
                                                             int64_t paddingIdx, bool scale, aclTensor* out,
                                                             uint64_t* ws, aclOpExecutor** ex) {
    return Record("aclnnAscendopsEmbeddingDenseGrad",
                  Describe(grad) + " " + Describe(sortIndices) + " " + Describe(posIdx) +
                      " nw=" + std::to_string(numWeights) + " pad=" + std::to_string(paddingIdx) +
                      " scale=" + std::to_string(scale) + " -> " + Describe(out),
                  ws, ex);
}
aclnnStatus aclnnAscendopsEmbeddingDenseGrad(void*, uint64_t, aclOpExecutor* ex, aclrtStream s) {
    return Run("aclnnAscendopsEmbeddingDenseGrad", ex, s);
}
aclnnStatus aclnnAscendopsFusedSwigluGradBGetWorkspaceSize(const aclTensor* dy, const aclTensor* g, const aclTensor* fc,
                                                           aclTensor* dg, aclTensor* dfc, aclTensor* dbG,
                                                           aclTensor* dbFc, uint64_t* ws, aclOpExecutor** ex) {
    return Record("aclnnAscendopsFusedSwigluGradB",
                  Describe(dy) + " " + Describe(g) + " " + Describe(fc) + " -> " + Describe(dg) + " " + Describe(dfc) +
                      " " + Describe(dbG) + " " + Describe(dbFc),
                  ws, ex);
}
aclnnStatus aclnnAscendopsFusedSwigluGradB(void*, uint64_t, aclOpExecutor* ex, aclrtStream s) {
    return Run("aclnnAscendopsFusedSwigluGradB", ex, s);
}
aclnnStatus aclnnAscendopsFusedSwigluGradWGetWorkspaceSize(const aclTensor* x, const aclTensor* dg,
                                                           const aclTensor* dfc, aclTensor* dwG, aclTensor* dwFc,
                                                           uint64_t* ws, aclOpExecutor** ex) {
    return Record(
        "aclnnAscendopsFusedSwigluGradW",
        Describe(x) + " " + Describe(dg) + " " + Describe(dfc) + " -> " + Describe(dwG) + " " + Describe(dwFc), ws, ex);
}
aclnnStatus aclnnAscendopsFusedSwigluGradW(void*, uint64_t, aclOpExecutor* ex, aclrtStream s) {
    return Run("aclnnAscendopsFusedSwigluGradW", ex, s);
}
aclnnStatus aclnnAscendopsFusedSwigluGradXGetWorkspaceSize(const aclTensor* dg, const aclTensor* dfc,
                                                           const aclTensor* wG, const aclTensor* wFc, aclTensor* dx,
                                                           uint64_t* ws, aclOpExecutor** ex) {
    return Record("aclnnAscendopsFusedSwigluGradX",
                  Describe(dg) + " " + Describe(dfc) + " " + Describe(wG) + " " + Describe(wFc) + " -> " + Describe(dx),
                  ws, ex);
}
aclnnStatus aclnnAscendopsFusedSwigluGradX(void*, uint64_t, aclOpExecutor* ex, aclrtStream s) {
    return Run("aclnnAscendopsFusedSwigluGradX", ex, s);
}

// CANN's built-ins.
aclnnStatus aclnnInplaceCopyGetWorkspaceSize(aclTensor* selfRef, const aclTensor* src, uint64_t* ws,
                                             aclOpExecutor** ex) {
    return Record("aclnnInplaceCopy", Describe(src) + " -> " + Describe(selfRef), ws, ex);
}
aclnnStatus aclnnInplaceCopy(void*, uint64_t, aclOpExecutor* ex, aclrtStream s) {
    return Run("aclnnInplaceCopy", ex, s);
}
aclnnStatus aclnnSortGetWorkspaceSize(const aclTensor* self, bool stable, int64_t dim, bool descending,
                                      aclTensor* values, aclTensor* indices, uint64_t* ws, aclOpExecutor** ex) {
    return Record("aclnnSort",
                  Describe(self) + " stable=" + std::to_string(stable) + " dim=" + std::to_string(dim) +
                      " descending=" + std::to_string(descending) + " -> " + Describe(values) + " " + Describe(indices),
                  ws, ex);
}
aclnnStatus aclnnSort(void*, uint64_t, aclOpExecutor* ex, aclrtStream s) { return Run("aclnnSort", ex, s); }
aclnnStatus aclnnClampGetWorkspaceSize(const aclTensor* self, const aclScalar* lo, const aclScalar* hi, aclTensor* out,
                                       uint64_t* ws, aclOpExecutor** ex) {
    return Record("aclnnClamp",
                  Describe(self) + " min=" + std::to_string(lo->value) + " max=" + std::to_string(hi->value) + " -> " +
                      Describe(out),
                  ws, ex);
}
aclnnStatus aclnnClamp(void*, uint64_t, aclOpExecutor* ex, aclrtStream s) { return Run("aclnnClamp", ex, s); }
aclnnStatus aclnnCastGetWorkspaceSize(const aclTensor* self, const aclDataType dtype, aclTensor* out, uint64_t* ws,
                                      aclOpExecutor** ex) {
    return Record("aclnnCast",
                  Describe(self) + " to=" + std::to_string(static_cast<int>(dtype)) + " -> " + Describe(out), ws, ex);
}
aclnnStatus aclnnCast(void*, uint64_t, aclOpExecutor* ex, aclrtStream s) { return Run("aclnnCast", ex, s); }

}  // extern "C"
