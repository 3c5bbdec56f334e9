// Device memory handed between host and twin without a second pass (sim/device_handoff.h), as the tensor bridge
// uses it: aclrtSimMallocCopy uploads (one write, defined, guarded, counted against the device memory), an
// aclnnAscendopsCast reads the upload, and DetachToHost hands the output's block to the host. Prints "name: value"
// lines; tests/ut/test_capi.py reads them.
#include "sim/device_handoff.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnn_cast.h"
#include "sim/device_memory.h"

int main() {
    int32_t device = 0;
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSimDefineDevice("ascend910b", 0, &device) != ACL_SUCCESS ||
        aclrtSetDevice(device) != ACL_SUCCESS) {
        return 2;
    }
    constexpr int64_t kN = 3000;
    std::vector<float> host(kN);
    for (int64_t i = 0; i < kN; ++i) host[i] = static_cast<float>(i % 97) - 48.0f;
    const std::size_t live = ascendc_sim::LiveAllocationCount();
    void* x = nullptr;
    void* y = nullptr;
    std::printf("upload_status: %d\n", aclrtSimMallocCopy(&x, host.data(), kN * sizeof(float)));
    std::printf("upload_equal: %d\n", std::memcmp(x, host.data(), kN * sizeof(float)) == 0);
    std::printf("upload_guards: %s\n", ascendc_sim::CheckGuards(x).empty() ? "intact" : "damaged");
    aclrtMalloc(&y, kN * sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST);
    const int64_t shape[] = {kN}, strides[] = {1};
    aclTensor* self = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, x);
    aclTensor* out = aclCreateTensor(shape, 1, ACL_INT32, strides, 0, ACL_FORMAT_ND, shape, 1, y);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    aclnnStatus st = aclnnAscendopsCastGetWorkspaceSize(self, ACL_INT32, out, &ws, &ex);
    if (st == 0) st = aclnnAscendopsCast(nullptr, ws, ex, nullptr);
    std::printf("cast_status: %d\n", st == 0 ? aclrtSynchronizeStream(nullptr) : static_cast<int>(st));
    std::printf("live_during: %d\n", static_cast<int>(ascendc_sim::LiveAllocationCount() - live));
    void* block = ascendc_sim::DetachToHost(y);
    int64_t wrong = 0;
    for (int64_t i = 0; i < kN; ++i) wrong += static_cast<const int32_t*>(y)[i] != static_cast<int32_t>(host[i]);
    std::printf("detached_block_before_data: %d\n", block != nullptr && static_cast<uint8_t*>(block) + 512 == y);
    std::printf("detached_wrong: %lld\n", static_cast<long long>(wrong));
    std::printf("detach_again: %d\n", ascendc_sim::DetachToHost(y) != nullptr);
    std::printf("free_detached_as_device: %d\n", aclrtFree(y));
    ascendc_sim::FreeDetached(block);
    aclDestroyTensor(self);
    aclDestroyTensor(out);
    aclrtFree(x);
    std::printf("live_after: %d\n", static_cast<int>(ascendc_sim::LiveAllocationCount() - live));
    // A large output's block, once the host frees it, serves the next allocation of its size (pages not faulted in
    // again), starting over as fresh device memory: the fresh pattern and intact guards.
    constexpr std::size_t kBig = std::size_t{3} << 20;
    void* big = nullptr;
    aclrtMalloc(&big, kBig, ACL_MEM_MALLOC_HUGE_FIRST);
    std::memset(big, 0x11, kBig);
    ascendc_sim::FreeDetached(ascendc_sim::DetachToHost(big));
    void* again = nullptr;
    aclrtMalloc(&again, kBig, ACL_MEM_MALLOC_HUGE_FIRST);
    const auto* bytes = static_cast<const uint8_t*>(again);
    std::printf("detached_block_reused: %d\n", again == big);
    std::printf("reused_fresh: %d\n", bytes[0] == ascendc_sim::kFreshPattern &&
                                          bytes[kBig - 1] == ascendc_sim::kFreshPattern &&
                                          ascendc_sim::CheckGuards(again).empty());
    aclrtFree(again);
    // Beyond the pool's 32 blocks the block pooled longest ago goes, not the largest: a large block freed after 32
    // small ones is still there for the next allocation of its size.
    std::vector<void*> small(32, nullptr);
    for (void*& p : small) aclrtMalloc(&p, std::size_t{1} << 20, ACL_MEM_MALLOC_HUGE_FIRST);
    void* large = nullptr;
    aclrtMalloc(&large, std::size_t{8} << 20, ACL_MEM_MALLOC_HUGE_FIRST);
    for (void* p : small) aclrtFree(p);
    aclrtFree(large);
    void* largeAgain = nullptr;
    aclrtMalloc(&largeAgain, std::size_t{8} << 20, ACL_MEM_MALLOC_HUGE_FIRST);
    std::printf("large_block_kept: %d\n", largeAgain == large);
    aclrtFree(largeAgain);
    void* huge = nullptr;
    std::printf("huge_status: %d\n", aclrtSimMallocCopy(&huge, host.data(), std::size_t{1} << 62));
    std::printf("huge_message: %s\n", aclGetRecentErrMsg());
    return 0;
}
