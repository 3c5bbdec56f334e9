// A kernel test written for CANN's CPU-debug front (tikicpulib): GM from GmAlloc, the kernel run by ICPU_RUN_KF.
// Prints `x y` per element (hex floats) for the golden on the Python side: libm's atanh is the kernel here.
#include <cstdint>
#include <cstdio>

#ifdef ASCENDC_CPU_DEBUG
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void atanh(GM_ADDR x, GM_ADDR y, uint32_t totalLength);
#endif

int32_t main(int32_t argc, char* argv[]) {
    constexpr uint32_t kBlockDim = 4;
    constexpr uint32_t kLength = kBlockDim * 2 * 512;
    const size_t bytes = kLength * sizeof(float);
    auto* x = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    auto* y = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    auto* xs = reinterpret_cast<float*>(x);
    for (uint32_t i = 0; i < kLength; ++i) xs[i] = -0.9f + 1.8f * static_cast<float>(i) / kLength;
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_SET_TILING_KEY(0);
    ICPU_RUN_KF(atanh, kBlockDim, x, y, kLength);
    const auto* ys = reinterpret_cast<const float*>(y);
    for (uint32_t i = 0; i < kLength; ++i) std::printf("%a %a\n", xs[i], ys[i]);
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    return 0;
}
