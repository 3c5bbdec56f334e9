// A Matmul in a source that does not define ASCENDC_CUBE_ONLY: the MIX mode, whose calls run on the AIVs; launched
// as a __cube__ (AIC-only) kernel it is refused by name.
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

extern "C" __global__ __cube__ void matmul_mix_mode(GM_ADDR tilingGm) {
    using T = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>;
    using C = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;
    TCubeTiling t;
    auto* words = reinterpret_cast<__gm__ int32_t*>(tilingGm);
    auto* out = reinterpret_cast<int32_t*>(&t);
    for (uint32_t i = 0; i < sizeof(TCubeTiling) / sizeof(int32_t); ++i) out[i] = words[i];
    AscendC::TPipe pipe;
    AscendC::Matmul<T, T, C, C> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
}
