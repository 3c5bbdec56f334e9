// Runs nd2nz_matmul on one AIC (KernelMode::AIC_MODE) through CANN's CPU-debug front: A and B are read from the
// files named on the command line (half bits, row-major) with the bias row (n floats), C is written to the last.
//   sim_cube_api <mode> <m> <k> <n> <a.bin> <b.bin> <bias.bin> <c.bin>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "tests/ut/sim/read_file.h"
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void nd2nz_matmul(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, uint32_t m,
                                                   uint32_t k, uint32_t n, int32_t mode);

int32_t main(int32_t argc, char* argv[]) {
    if (argc != 9) {
        std::fprintf(stderr, "usage: %s <mode> <m> <k> <n> <a.bin> <b.bin> <bias.bin> <c.bin>\n", argv[0]);
        return 2;
    }
    const int32_t mode = std::atoi(argv[1]);
    const auto m = static_cast<uint32_t>(std::atoi(argv[2])), k = static_cast<uint32_t>(std::atoi(argv[3])),
               n = static_cast<uint32_t>(std::atoi(argv[4]));
    const size_t aBytes = size_t{m} * k * 2, bBytes = size_t{k} * n * 2, cBytes = size_t{m} * n * 2;
    const size_t biasBytes = size_t{n} * sizeof(float);
    auto* a = static_cast<uint8_t*>(AscendC::GmAlloc(aBytes));
    auto* b = static_cast<uint8_t*>(AscendC::GmAlloc(bBytes));
    auto* bias = static_cast<uint8_t*>(AscendC::GmAlloc(biasBytes));
    auto* c = static_cast<uint8_t*>(AscendC::GmAlloc(cBytes));
    if (!ReadInto(argv[5], a, aBytes) || !ReadInto(argv[6], b, bBytes) || !ReadInto(argv[7], bias, biasBytes)) {
        std::fprintf(stderr, "cannot read %s, %s and %s\n", argv[5], argv[6], argv[7]);
        return 2;
    }
    AscendC::SetKernelMode(KernelMode::AIC_MODE);
    ICPU_RUN_KF(nd2nz_matmul, 1, a, b, bias, c, m, k, n, mode);
    FILE* out = std::fopen(argv[8], "wb");
    if (out == nullptr || std::fwrite(c, 1, cBytes, out) != cBytes) return 2;
    std::fclose(out);
    AscendC::GmFree(a);
    AscendC::GmFree(b);
    AscendC::GmFree(bias);
    AscendC::GmFree(c);
    return 0;
}
