// Runs copy_pad on one vector core through CANN's CPU-debug front.
//   sim_copy_pad <mode> <cols> <pad> <src.bin> <out.bin>
// src: cols half values (cols + pad a multiple of 16); out: 3 rows of cols + pad half values (the third row written
// by the atomic modes), read first and written back.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "tikicpulib.h"
extern "C" __global__ __aicore__ void copy_pad(GM_ADDR src, GM_ADDR out, uint32_t cols, uint32_t pad, int32_t mode);

int32_t main(int32_t argc, char* argv[]) {
    if (argc != 6) {
        std::fprintf(stderr, "usage: %s <mode> <cols> <pad> <src.bin> <out.bin>\n", argv[0]);
        return 2;
    }
    const int32_t mode = std::atoi(argv[1]);
    const auto cols = static_cast<uint32_t>(std::atoi(argv[2])), pad = static_cast<uint32_t>(std::atoi(argv[3]));
    const size_t srcBytes = size_t{cols} * 2, outBytes = 3 * size_t{cols + pad} * 2;
    auto* src = static_cast<uint8_t*>(AscendC::GmAlloc(srcBytes));
    auto* out = static_cast<uint8_t*>(AscendC::GmAlloc(outBytes));
    FILE* f = std::fopen(argv[4], "rb");
    FILE* g = std::fopen(argv[5], "rb");
    if (f == nullptr || g == nullptr || std::fread(src, 1, srcBytes, f) != srcBytes ||
        std::fread(out, 1, outBytes, g) != outBytes) {
        std::fprintf(stderr, "cannot read %s and %s\n", argv[4], argv[5]);
        return 2;
    }
    std::fclose(f);
    std::fclose(g);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(copy_pad, 1, src, out, cols, pad, mode);
    FILE* o = std::fopen(argv[5], "wb");
    if (o == nullptr || std::fwrite(out, 1, outBytes, o) != outBytes) return 2;
    std::fclose(o);
    AscendC::GmFree(src);
    AscendC::GmFree(out);
    return 0;
}
