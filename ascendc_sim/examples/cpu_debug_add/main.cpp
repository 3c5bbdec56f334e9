// The CPU-debug host side: GM from GmAlloc filled by plain stores, the kernel through ICPU_RUN_KF, the result
// checked against x + y. Any argument: the kernel runs on one core more than the data has (its copies leave the
// buffers, which the twin reports).
#include <cstdint>
#include <cstdio>

#include "tikicpulib.h"

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z);

int main(int argc, char**) {
    constexpr uint32_t kCores = 8, kCount = kCores * 2048;
    const uint32_t blocks = argc > 1 ? kCores + 1 : kCores;
    constexpr size_t kBytes = kCount * sizeof(half);
    auto* x = static_cast<half*>(AscendC::GmAlloc(kBytes));
    auto* y = static_cast<half*>(AscendC::GmAlloc(kBytes));
    auto* z = static_cast<half*>(AscendC::GmAlloc(kBytes));
    for (uint32_t i = 0; i < kCount; ++i) {
        x[i] = half(static_cast<float>(i % 1024) * 0.5f);
        y[i] = half(static_cast<float>(i % 7));
    }
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(add_custom, blocks, reinterpret_cast<GM_ADDR>(x), reinterpret_cast<GM_ADDR>(y),
                reinterpret_cast<GM_ADDR>(z));
    uint32_t wrong = 0;
    for (uint32_t i = 0; i < kCount; ++i)
        wrong += static_cast<float>(z[i]) != static_cast<float>(x[i]) + static_cast<float>(y[i]);
    std::printf("add_custom: %u of %u values wrong\n", wrong, kCount);
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(z);
    return wrong == 0 ? 0 : 1;
}
