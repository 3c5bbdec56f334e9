// Runs reg_api (reg_kernel.cpp) on one vector core of the ascend950 profile through CANN's CPU-debug front.
//   sim_reg_api <case> <x.bin> <y.bin> <out.bin>
// x, y: 256 floats each; out: 256 floats, read first and written back.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "tikicpulib.h"
extern "C" __global__ __aicore__ void reg_api(GM_ADDR x, GM_ADDR y, GM_ADDR out, int32_t caseId);

namespace {
constexpr size_t kBytes = 256 * sizeof(float);

bool ReadInto(const char* path, uint8_t* dst) {
    FILE* f = std::fopen(path, "rb");
    const bool ok = f != nullptr && std::fread(dst, 1, kBytes, f) == kBytes;
    if (f != nullptr) std::fclose(f);
    return ok;
}
}  // namespace

int32_t main(int32_t argc, char* argv[]) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: %s <case> <x.bin> <y.bin> <out.bin>\n", argv[0]);
        return 2;
    }
    auto* x = static_cast<uint8_t*>(AscendC::GmAlloc(kBytes));
    auto* y = static_cast<uint8_t*>(AscendC::GmAlloc(kBytes));
    auto* out = static_cast<uint8_t*>(AscendC::GmAlloc(kBytes));
    if (!ReadInto(argv[2], x) || !ReadInto(argv[3], y) || !ReadInto(argv[4], out)) {
        std::fprintf(stderr, "cannot read the inputs\n");
        return 2;
    }
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(reg_api, 1, x, y, out, std::atoi(argv[1]));
    FILE* o = std::fopen(argv[4], "wb");
    if (o == nullptr || std::fwrite(out, 1, kBytes, o) != kBytes) return 2;
    std::fclose(o);
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(out);
    return 0;
}
