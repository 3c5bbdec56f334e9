// FusedSwigluGrad x kernel entry (MIX AIC:AIV 1:2): dg, dfc, w_g, w_fc -> dx.
#include "fused_swiglu_grad_x.h"

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using ascendops::fused_swiglu_grad::FusedSwigluGradKey;
using ascendops::fused_swiglu_grad::FusedSwigluGradXKernel;
using ascendops::fused_swiglu_grad::FusedSwigluGradXTilingData;
using ascendops::fused_swiglu_grad::SgXMatmul;

static_assert(static_cast<uint64_t>(FusedSwigluGradKey::kX) == 3, "TILING_KEY_IS(3) is the x kernel");

extern "C" __global__ __aicore__ void fused_swiglu_grad_x(GM_ADDR dg, GM_ADDR dfc, GM_ADDR wG, GM_ADDR wFc, GM_ADDR dx,
                                                          GM_ADDR workspace, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);  // the AIVs drive the AIC through the Matmul API
    REGISTER_TILING_DEFAULT(FusedSwigluGradXTilingData);
    GET_TILING_DATA(td, tiling);
    AscendC::TPipe pipe;
    SgXMatmul mm;
    // On the AIC this serves the AIVs' requests and returns (docs REGIST_MATMUL_OBJ); before any InitBuffer.
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &td.cube);
    FusedSwigluGradXKernel op;
    op.Init(dg, dfc, wG, wFc, dx, workspace, td, &pipe);
    if (TILING_KEY_IS(3)) op.Process(mm);
}
