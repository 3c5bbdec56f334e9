// Runs load3d_matmul on one AIC (KernelMode::AIC_MODE) through CANN's CPU-debug front.
//   sim_load3d <params.bin> <fmap.bin> <eye.bin> <c.bin>
// params: the uint32 words of load3d_params.h; fmap: the NC1HWC0 feature map (channelSize x l1H x l1W elements);
// eye: the R x R identity in L0's fractal order (R: kExtension into L0A, mExtension otherwise); c: mExtension x
// kExtension 4-byte elements (kExtension x mExtension transposed) written.
#include <cstdint>
#include <cstdio>

#include "tests/ut/sim/load3d/load3d_params.h"
#include "tests/ut/sim/read_file.h"
#include "tikicpulib.h"
extern "C" __global__ __aicore__ void load3d_matmul(GM_ADDR params, GM_ADDR fmap, GM_ADDR eye, GM_ADDR c);

int32_t main(int32_t argc, char* argv[]) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: %s <params.bin> <fmap.bin> <eye.bin> <c.bin>\n", argv[0]);
        return 2;
    }
    uint32_t w[kWords];
    if (!ReadInto(argv[1], reinterpret_cast<uint8_t*>(w), sizeof(w))) return 2;
    const size_t e = w[kElemBytes];
    const size_t fmapBytes = size_t{w[kChannelSize]} * w[kL1H] * w[kL1W] * e;
    const size_t r = w[kTarget] == kL0A || w[kTarget] == kTransposeSquares ? w[kKExtension] : w[kMExtension];
    const size_t cBytes = size_t{w[kMExtension]} * w[kKExtension] * 4;
    auto* params = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(w)));
    auto* fmap = static_cast<uint8_t*>(AscendC::GmAlloc(fmapBytes));
    auto* eye = static_cast<uint8_t*>(AscendC::GmAlloc(r * r * e));
    auto* c = static_cast<uint8_t*>(AscendC::GmAlloc(cBytes));
    if (!ReadInto(argv[1], params, sizeof(w)) || !ReadInto(argv[2], fmap, fmapBytes) ||
        !ReadInto(argv[3], eye, r * r * e)) {
        std::fprintf(stderr, "cannot read %s, %s and %s\n", argv[1], argv[2], argv[3]);
        return 2;
    }
    AscendC::SetKernelMode(KernelMode::AIC_MODE);
    ICPU_RUN_KF(load3d_matmul, 1, params, fmap, eye, c);
    FILE* out = std::fopen(argv[4], "wb");
    if (out == nullptr || std::fwrite(c, 1, cBytes, out) != cBytes) return 2;
    std::fclose(out);
    AscendC::GmFree(params);
    AscendC::GmFree(fmap);
    AscendC::GmFree(eye);
    AscendC::GmFree(c);
    return 0;
}
