// Runs adv_api on one vector core through CANN's CPU-debug front, with the SoftMax tiling of the host API.
//   sim_adv_api <mode> <rows> <cols> <src.bin> <aux.bin> <out.bin>
// src, aux: rows x cols floats; out: rows x cols + 2 x rows x 8 floats, written.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "adv_api.h"
#include "tikicpulib.h"
#include "tiling/tiling_api.h"

extern "C" __global__ __aicore__ void adv_api(GM_ADDR src, GM_ADDR aux, GM_ADDR out, uint32_t rows, uint32_t cols,
                                              int32_t mode, SoftMaxTiling tiling);

namespace {
bool ReadInto(const char* path, uint8_t* to, size_t bytes) {
    FILE* f = std::fopen(path, "rb");
    const bool ok = f != nullptr && std::fread(to, 1, bytes, f) == bytes;
    if (f != nullptr) std::fclose(f);
    return ok;
}
}  // namespace

int32_t main(int32_t argc, char* argv[]) {
    if (argc != 7) {
        std::fprintf(stderr, "usage: %s <mode> <rows> <cols> <src.bin> <aux.bin> <out.bin>\n", argv[0]);
        return 2;
    }
    const int32_t mode = std::atoi(argv[1]);
    const auto rows = static_cast<uint32_t>(std::atoi(argv[2])), cols = static_cast<uint32_t>(std::atoi(argv[3]));
    const size_t inBytes = size_t{rows} * cols * 4, outBytes = inBytes + 2 * size_t{rows} * 8 * 4;
    auto* src = static_cast<uint8_t*>(AscendC::GmAlloc(inBytes));
    auto* aux = static_cast<uint8_t*>(AscendC::GmAlloc(inBytes));
    auto* out = static_cast<uint8_t*>(AscendC::GmAlloc(outBytes));
    if (!ReadInto(argv[4], src, inBytes) || !ReadInto(argv[5], aux, inBytes)) {
        std::fprintf(stderr, "cannot read %s and %s\n", argv[4], argv[5]);
        return 2;
    }
    SoftMaxTiling tiling;
    const AscendC::TensorShape shape({rows, cols});
    if (mode == kSoftmaxGrad || mode == kSoftmaxGradFront || mode == kGradFront) {
        AscendC::SoftMaxGradTilingFunc(shape, 4, AscendC::GetSoftMaxGradMinTmpSize(shape, 4, false, false), tiling);
    } else {
        AscendC::SoftMaxTilingFunc(shape, 4, AscendC::GetSoftMaxMinTmpSize(shape, 4, false), tiling);
    }
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(adv_api, 1, src, aux, out, rows, cols, mode, tiling);
    FILE* o = std::fopen(argv[6], "wb");
    if (o == nullptr || std::fwrite(out, 1, outBytes, o) != outBytes) return 2;
    std::fclose(o);
    AscendC::GmFree(src);
    AscendC::GmFree(aux);
    AscendC::GmFree(out);
    return 0;
}
