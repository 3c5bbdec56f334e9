// aclTensor views through the aclnn C API, as a C caller builds them: aclnnAscendopsCast (float32 -> int32, 1000
// elements) on the twin's ascend910b for views inside their storage (taken, exact) and views reaching outside it
// (161002 in phase 1, the output untouched). Prints "name: status ok|untouched" per case; the test reads them.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnn_cast.h"

namespace {

constexpr int64_t kElements = 1000;
constexpr int32_t kUntouched = -7;

struct View {
    const char* name;
    int64_t stride;
    int64_t offset;
    int64_t storage;  // elements of the storage (and of its device buffer)
};

// x[i] = i - 500 at element offset + i * stride of the storage; the output must read exactly those.
void Run(const View& v) {
    std::vector<float> storage(v.storage, 1e6f);
    for (int64_t i = 0; i < kElements; ++i) {
        const int64_t at = v.offset + i * v.stride;
        if (at >= 0 && at < v.storage) storage[at] = static_cast<float>(i - 500);
    }
    void* x = nullptr;
    void* y = nullptr;
    aclrtMalloc(&x, v.storage * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&y, kElements * sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(x, v.storage * sizeof(float), storage.data(), v.storage * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
    std::vector<int32_t> out(kElements, kUntouched);
    aclrtMemcpy(y, kElements * sizeof(int32_t), out.data(), kElements * sizeof(int32_t), ACL_MEMCPY_HOST_TO_DEVICE);
    const int64_t shape[] = {kElements}, strides[] = {v.stride}, unit[] = {1}, storageShape[] = {v.storage};
    aclTensor* self = aclCreateTensor(shape, 1, ACL_FLOAT, strides, v.offset, ACL_FORMAT_ND, storageShape, 1, x);
    aclTensor* result = aclCreateTensor(shape, 1, ACL_INT32, unit, 0, ACL_FORMAT_ND, shape, 1, y);
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus status = aclnnAscendopsCastGetWorkspaceSize(self, ACL_INT32, result, &workspaceSize, &executor);
    void* workspace = nullptr;
    if (status == 0 && workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    if (status == 0) status = aclnnAscendopsCast(workspace, workspaceSize, executor, nullptr);
    if (status == 0) aclrtSynchronizeStream(nullptr);
    aclrtMemcpy(out.data(), kElements * sizeof(int32_t), y, kElements * sizeof(int32_t), ACL_MEMCPY_DEVICE_TO_HOST);
    bool exact = true, untouched = true;
    for (int64_t i = 0; i < kElements; ++i) {
        exact = exact && out[i] == i - 500;
        untouched = untouched && out[i] == kUntouched;
    }
    std::printf("%s: %d %s\n", v.name, status, exact ? "exact" : untouched ? "untouched" : "wrong");
    if (workspace != nullptr) aclrtFree(workspace);
    aclDestroyTensor(self);
    aclDestroyTensor(result);
    aclrtFree(x);
    aclrtFree(y);
}

}  // namespace

int main() {
    int32_t device = 0;
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSimDefineDevice("ascend910b", 0, &device) != ACL_SUCCESS ||
        aclrtSetDevice(device) != ACL_SUCCESS) {
        std::fprintf(stderr, "device setup failed: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    const View views[] = {
        {"contiguous", 1, 0, kElements},
        {"offset_inside", 1, 24, kElements + 24},
        {"stride2_inside", 2, 0, 2 * kElements - 1},
        {"negative_from_end", -1, kElements - 1, kElements},
        {"stride2_past_the_end", 2, 0, kElements},
        {"offset_past_the_end", 1, 1, kElements},
        {"negative_from_start", -1, 0, kElements},
        {"negative_offset", 1, -3, kElements},
    };
    for (const View& v : views) Run(v);
    aclrtResetDevice(device);
    aclFinalize();
    return 0;
}
