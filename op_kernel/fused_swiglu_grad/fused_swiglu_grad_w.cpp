// FusedSwigluGrad w kernel entry (MIX AIC:AIV 1:2): x, dg, dfc -> dw_g, dw_fc.
#include "fused_swiglu_grad_w.h"

#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using ascendops::fused_swiglu_grad::FusedSwigluGradKey;
using ascendops::fused_swiglu_grad::FusedSwigluGradWKernel;
using ascendops::fused_swiglu_grad::FusedSwigluGradWTilingData;
using ascendops::fused_swiglu_grad::SgWMatmul;

static_assert(static_cast<uint64_t>(FusedSwigluGradKey::kW) == 2, "TILING_KEY_IS(2) is the w kernel");

extern "C" __global__ __aicore__ void fused_swiglu_grad_w(GM_ADDR x, GM_ADDR dg, GM_ADDR dfc, GM_ADDR dwG, GM_ADDR dwFc,
                                                          GM_ADDR workspace, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);  // the AIVs drive the AIC through the Matmul API
    REGISTER_TILING_DEFAULT(FusedSwigluGradWTilingData);
    GET_TILING_DATA(td, tiling);
    (void)workspace;  // the Matmul messages use the system workspace; the kernel needs no user workspace
    AscendC::TPipe pipe;
    SgWMatmul mm;
    // On the AIC this serves the AIVs' requests and returns (docs REGIST_MATMUL_OBJ). GetSysWorkSpacePtr is a global
    // name in CANN (8.1.RC1 kernel_common.h, asc-devkit kernel_operator_swap_mem_intf.h).
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &td.cube);
    FusedSwigluGradWKernel op;
    op.Init(x, dg, dfc, dwG, dwFc, td);
    if (TILING_KEY_IS(2)) op.Process(mm);
}
