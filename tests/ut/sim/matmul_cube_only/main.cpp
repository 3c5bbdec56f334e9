// Runs the Matmul kernels of cube_only_kernel.cpp / mix_mode_kernel.cpp through CANN's CPU-debug front, with the
// tiling a host computes by matmul_tiling::MultiCoreMatmulTiling over `dim` AICs (pure Cube mode: the AICs drive the
// Matmul). A and B are half bits, the bias n floats, C m rows of CRowStride(mode, n) floats.
//   sim_matmul_cube_only <mode> <m> <k> <n> <dim> <a.bin> <b.bin> <bias.bin> <c.bin>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "kernel_tiling/kernel_tiling.h"
#include "tests/ut/sim/matmul_cube_only/matmul_cube_only_modes.h"
#include "tests/ut/sim/read_file.h"
#include "tikicpulib.h"
#include "tiling/tiling_api.h"

extern "C" __global__ __aicore__ void matmul_cube_only(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR tiling,
                                                       int32_t mode);
extern "C" __global__ __aicore__ void matmul_mix_mode(GM_ADDR tiling);
extern "C" __global__ __aicore__ void matmul_mix_async(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR workspace,
                                                       GM_ADDR tiling);

namespace {

bool HostTiling(int32_t m, int32_t k, int32_t n, int32_t dim, int32_t mode, TCubeTiling& t) {
    using namespace matmul_tiling;
    MultiCoreMatmulTiling api(*platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B1"));
    api.SetDim(dim);
    api.SetAType(TPosition::GM, mode == kGemv ? CubeFormat::VECTOR : CubeFormat::ND, DataType::DT_FLOAT16);
    api.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    api.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    api.SetBiasType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    api.SetOrgShape(m, n, k);
    api.SetShape(m, n, k);
    api.EnableBias(true);
    return api.GetTiling(t) == 0;
}

// The base block and L1 steps the constant tiling of kStatic fixes (kStaticMismatch: stepKa differs).
void StaticSteps(TCubeTiling& t, int32_t mode) {
    t.baseM = kStaticBaseM, t.baseN = kStaticBaseN, t.baseK = kStaticBaseK;
    t.stepM = t.stepN = 1;
    t.stepKa = mode == kStaticMismatch ? 4 : 2, t.depthA1 = 4;
    t.stepKb = 4, t.depthB1 = 4;
}

}  // namespace

int32_t main(int32_t argc, char* argv[]) {
    if (argc != 10) {
        std::fprintf(stderr, "usage: %s <mode> <m> <k> <n> <dim> <a.bin> <b.bin> <bias.bin> <c.bin>\n", argv[0]);
        return 2;
    }
    const int32_t mode = std::atoi(argv[1]);
    const int32_t m = std::atoi(argv[2]), k = std::atoi(argv[3]), n = std::atoi(argv[4]), dim = std::atoi(argv[5]);
    TCubeTiling tiling{};
    if (!HostTiling(m, k, n, dim, mode, tiling)) return 2;
    if (mode == kStatic || mode == kStaticMismatch) StaticSteps(tiling, mode);
    const size_t aBytes = size_t(m) * k * 2, bBytes = size_t(k) * n * 2;
    const size_t cBytes = size_t(m) * CRowStride(mode, n) * 4;
    const size_t biasBytes = size_t(n) * sizeof(float);
    auto* a = static_cast<uint8_t*>(AscendC::GmAlloc(aBytes));
    auto* b = static_cast<uint8_t*>(AscendC::GmAlloc(bBytes));
    auto* bias = static_cast<uint8_t*>(AscendC::GmAlloc(biasBytes));
    auto* c = static_cast<uint8_t*>(AscendC::GmAlloc(cBytes));
    auto* tilingGm = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(TCubeTiling)));
    *reinterpret_cast<TCubeTiling*>(tilingGm) = tiling;
    if (!ReadInto(argv[6], a, aBytes) || !ReadInto(argv[7], b, bBytes) || !ReadInto(argv[8], bias, biasBytes)) {
        std::fprintf(stderr, "cannot read %s, %s and %s\n", argv[6], argv[7], argv[8]);
        return 2;
    }
    if (mode == kWithoutCubeOnly) {
        AscendC::SetKernelMode(KernelMode::AIC_MODE);
        ICPU_RUN_KF(matmul_mix_mode, tiling.usedCoreNum, tilingGm);
    } else if (mode == kMixAsyncIterate) {  // usedCoreNum AIVs in groups of two
        const size_t wsBytes = size_t(tiling.usedCoreNum) * tiling.singleCoreM * tiling.singleCoreN * sizeof(float);
        auto* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(wsBytes));
        AscendC::SetKernelMode(KernelMode::MIX_MODE);
        ICPU_RUN_KF(matmul_mix_async, (tiling.usedCoreNum + 1) / 2, a, b, bias, c, workspace, tilingGm);
        AscendC::GmFree(workspace);
    } else {
        const KernelMode kernelMode = mode == kMixLaunch      ? KernelMode::MIX_MODE
                                      : mode == kVectorLaunch ? KernelMode::AIV_MODE
                                                              : KernelMode::AIC_MODE;
        AscendC::SetKernelMode(kernelMode);
        ICPU_RUN_KF(matmul_cube_only, tiling.usedCoreNum, a, b, bias, c, tilingGm, mode);
    }
    FILE* out = std::fopen(argv[9], "wb");
    if (out == nullptr || std::fwrite(c, 1, cBytes, out) != cBytes) return 2;
    std::fclose(out);
    for (uint8_t* p : {a, b, bias, c, tilingGm}) AscendC::GmFree(p);
    return 0;
}
