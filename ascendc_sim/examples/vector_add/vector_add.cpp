// z = x + y on 8 cores of an Atlas A2 (ascend910b), run on the CPU by ascendc_sim. Any argument: z one block short.
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "kernel_operator.h"
#include "sim/launch.h"

using namespace AscendC;
constexpr int32_t kBlockLen = 2048, kBlocks = 8;  // floats per core, cores

extern "C" __global__ __aicore__ void vector_add(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> xq, yq;
    TQue<TPosition::VECOUT, 1> zq;
    GlobalTensor<float> xg, yg, zg;
    const int64_t start = GetBlockIdx() * kBlockLen;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + start, kBlockLen);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + start, kBlockLen);
    zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z) + start, kBlockLen);
    pipe.InitBuffer(xq, 1, kBlockLen * sizeof(float));
    pipe.InitBuffer(yq, 1, kBlockLen * sizeof(float));
    pipe.InitBuffer(zq, 1, kBlockLen * sizeof(float));
    LocalTensor<float> xl = xq.AllocTensor<float>(), yl = yq.AllocTensor<float>();
    DataCopy(xl, xg, kBlockLen);
    DataCopy(yl, yg, kBlockLen);
    xq.EnQue(xl);
    yq.EnQue(yl);
    xl = xq.DeQue<float>();
    yl = yq.DeQue<float>();
    LocalTensor<float> zl = zq.AllocTensor<float>();
    Add(zl, xl, yl, kBlockLen);
    zq.EnQue(zl);
    xq.FreeTensor(xl);
    yq.FreeTensor(yl);
    zl = zq.DeQue<float>();
    DataCopy(zg, zl, kBlockLen);
    zq.FreeTensor(zl);
}

int main(int argc, char**) {
    const size_t n = kBlockLen * kBlocks, bytes = n * sizeof(float), zBytes = argc > 1 ? bytes - 32 : bytes;
    std::vector<float> x(n), y(n), z(n);
    for (size_t i = 0; i < n; ++i) x[i] = 0.5f * i, y[i] = 1.0f - i;
    void *dx, *dy, *dz;
    aclrtMalloc(&dx, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&dy, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&dz, zBytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(dx, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(dy, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    ascendc_sim::LaunchConfig cfg;
    cfg.kernel = "vector_add";
    cfg.blockDim = kBlocks;
    cfg.platform = ascendc_sim::Platform::Of(ascendc_sim::SocVersion::kAscend910B);
    auto run = ascendc_sim::Launch(cfg, vector_add, (GM_ADDR)dx, (GM_ADDR)dy, (GM_ADDR)dz);
    if (!run) return std::printf("vector_add rejected: %s\n", run.error().message.c_str()), 1;
    aclrtMemcpy(z.data(), bytes, dz, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    size_t wrong = 0;
    for (size_t i = 0; i < n; ++i) wrong += z[i] != x[i] + y[i];
    std::printf("vector_add: %zu of %zu values wrong, modeled %.2f us\n", wrong, n, run->modeled.deviceUs);
    return wrong == 0 ? 0 : 1;
}
