// The executor lifecycle of the aclnn C API (CANN 8.1.RC1 aclnn/acl_meta.h), called as a C caller calls it, on
// aclnnAscendopsCast (float32 -> int32, 4099 elements: whole tiles and a tail) on the twin's ascend910b:
//   repeatable   aclSetAclOpExecutorRepeatable after phase 1; phase 2 twice (the input changed in between: the
//                second run reads it), aclDestroyAclOpExecutor, then phase 2 and destroy again on the dead handle;
//   once         phase 2 twice on a non-repeatable executor, then destroy after the run;
//   never_run    phase 1, destroy, then phase 2;
//   null         destroy, set-repeatable and phase 2 on a null executor;
//   loop         argv[1] (default 100000) phase-1 calls each destroyed unrun: resident memory before and after;
//   leak         argv[2] (default 20000) phase-1 calls kept (a loop without destroy: what the loop would cost),
//                then all destroyed.
// Prints one "name: value" line per result (statuses as numbers, checks as yes/no, memory in KiB); the test reads
// them. Exit 0 unless the setup itself fails.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnn_cast.h"
#include "common/aclnn_context.h"  // LiveExecutorCount: executors created and not released

namespace {

constexpr int64_t kElements = 4099;

struct Tensors {
    void* x = nullptr;
    void* y = nullptr;
    aclTensor* self = nullptr;
    aclTensor* out = nullptr;
};

bool Setup(Tensors& t) {
    const int64_t shape[] = {kElements};
    const int64_t strides[] = {1};
    if (aclrtMalloc(&t.x, kElements * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
    if (aclrtMalloc(&t.y, kElements * sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
    t.self = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, t.x);
    t.out = aclCreateTensor(shape, 1, ACL_INT32, strides, 0, ACL_FORMAT_ND, shape, 1, t.y);
    return t.self != nullptr && t.out != nullptr;
}

// x[i] = scale * (i - 2048): integers, so float32 -> int32 is exact whatever the round mode.
void Upload(const Tensors& t, int32_t scale) {
    std::vector<float> host(kElements);
    for (int64_t i = 0; i < kElements; ++i) host[i] = static_cast<float>(scale * (i - 2048));
    aclrtMemcpy(t.x, kElements * sizeof(float), host.data(), kElements * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
}

bool OutIs(const Tensors& t, int32_t scale) {
    std::vector<int32_t> host(kElements);
    aclrtMemcpy(host.data(), kElements * sizeof(int32_t), t.y, kElements * sizeof(int32_t), ACL_MEMCPY_DEVICE_TO_HOST);
    for (int64_t i = 0; i < kElements; ++i) {
        if (host[i] != scale * (i - 2048)) return false;
    }
    return true;
}

aclOpExecutor* Phase1(const Tensors& t, aclnnStatus* status) {
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    *status = aclnnAscendopsCastGetWorkspaceSize(t.self, ACL_INT32, t.out, &workspaceSize, &executor);
    return executor;
}

// Phase 2 with no workspace (Cast of contiguous tensors asks for none) on the default stream, then a sync.
aclnnStatus Phase2(aclOpExecutor* executor) {
    const aclnnStatus status = aclnnAscendopsCast(nullptr, 0, executor, nullptr);
    if (status == 0) aclrtSynchronizeStream(nullptr);
    return status;
}

void Print(const char* name, long long value) { std::printf("%s: %lld\n", name, value); }
void Check(const char* name, bool holds) { std::printf("%s: %s\n", name, holds ? "yes" : "no"); }

long long ResidentKiB() {
    long long pages = 0, resident = 0;
    FILE* f = std::fopen("/proc/self/statm", "r");
    if (f == nullptr) return -1;
    const int read = std::fscanf(f, "%lld %lld", &pages, &resident);
    std::fclose(f);
    return read == 2 ? resident * (sysconf(_SC_PAGESIZE) / 1024) : -1;
}

void Repeatable(const Tensors& t) {
    aclnnStatus status = 0;
    aclOpExecutor* executor = Phase1(t, &status);
    Print("repeatable_phase1", status);
    Print("repeatable_set", aclSetAclOpExecutorRepeatable(executor));
    Upload(t, 1);
    Print("repeatable_run1", Phase2(executor));
    Check("repeatable_run1_correct", OutIs(t, 1));
    Upload(t, 3);  // the same device buffer, new values: a second run must read them
    Print("repeatable_run2", Phase2(executor));
    Check("repeatable_run2_correct", OutIs(t, 3));
    Print("repeatable_destroy", aclDestroyAclOpExecutor(executor));
    Print("repeatable_run_after_destroy", Phase2(executor));
    Print("repeatable_destroy_again", aclDestroyAclOpExecutor(executor));
}

void Once(const Tensors& t) {
    aclnnStatus status = 0;
    aclOpExecutor* executor = Phase1(t, &status);
    Upload(t, 5);
    Print("once_run1", Phase2(executor));
    Check("once_run1_correct", OutIs(t, 5));
    Upload(t, 7);
    Print("once_run2", Phase2(executor));
    Check("once_out_kept", OutIs(t, 5));  // the refused run wrote nothing
    Print("once_destroy_after_run", aclDestroyAclOpExecutor(executor));
}

void NeverRun(const Tensors& t) {
    aclnnStatus status = 0;
    aclOpExecutor* executor = Phase1(t, &status);
    Print("never_run_destroy", aclDestroyAclOpExecutor(executor));
    Print("never_run_run_after_destroy", Phase2(executor));
}

void Null() {
    Print("null_destroy", aclDestroyAclOpExecutor(nullptr));
    Print("null_set_repeatable", aclSetAclOpExecutorRepeatable(nullptr));
    Print("null_run", Phase2(nullptr));
}

void Loop(const Tensors& t, long long calls, long long leaked) {
    aclnnStatus status = 0;
    for (int i = 0; i < 1000; ++i) aclDestroyAclOpExecutor(Phase1(t, &status));  // warm the allocator first
    const long long before = ResidentKiB();
    long long failed = 0;
    for (long long i = 0; i < calls; ++i) {
        aclOpExecutor* executor = Phase1(t, &status);
        if (status != 0 || aclDestroyAclOpExecutor(executor) != 0) ++failed;
    }
    Print("loop_calls", calls);
    Print("loop_failed", failed);
    Print("loop_growth_kib", ResidentKiB() - before);
    Print("loop_live_executors", static_cast<long long>(ascendops::LiveExecutorCount()));

    std::vector<aclOpExecutor*> kept;
    kept.reserve(static_cast<size_t>(leaked));
    const long long keptBefore = ResidentKiB();
    for (long long i = 0; i < leaked; ++i) kept.push_back(Phase1(t, &status));
    Print("leak_calls", leaked);
    Print("leak_growth_kib", ResidentKiB() - keptBefore);
    Print("leak_live_executors", static_cast<long long>(ascendops::LiveExecutorCount()));
    long long destroyFailed = 0;
    for (aclOpExecutor* executor : kept) destroyFailed += aclDestroyAclOpExecutor(executor) != 0;
    Print("leak_destroy_failed", destroyFailed);
    Print("leak_live_after_destroy", static_cast<long long>(ascendops::LiveExecutorCount()));
}

}  // namespace

int main(int argc, char** argv) {
    const long long calls = argc > 1 ? std::atoll(argv[1]) : 100000;
    const long long leaked = argc > 2 ? std::atoll(argv[2]) : 20000;
    int32_t device = 0;
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSimDefineDevice("ascend910b", 0, &device) != ACL_SUCCESS ||
        aclrtSetDevice(device) != ACL_SUCCESS) {
        std::fprintf(stderr, "device setup failed: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    Tensors t;
    if (!Setup(t)) {
        std::fprintf(stderr, "tensor setup failed: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    Repeatable(t);
    Once(t);
    NeverRun(t);
    Null();
    Loop(t, calls, leaked);
    aclDestroyTensor(t.self);
    aclDestroyTensor(t.out);
    aclrtFree(t.x);
    aclrtFree(t.y);
    aclrtResetDevice(device);
    aclFinalize();
    return 0;
}
