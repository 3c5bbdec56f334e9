// FusedSwigluGrad b kernel entry (AIV-only): dy, g, fc -> dg, dfc, db_g, db_fc.
#include "fused_swiglu_grad_b.h"

#include "kernel_operator.h"

using ascendops::fused_swiglu_grad::FusedSwigluGradBKernel;
using ascendops::fused_swiglu_grad::FusedSwigluGradBTilingData;
using ascendops::fused_swiglu_grad::FusedSwigluGradKey;

// The entry tests a literal key (the key precompiler finds numeric literals only), tied to the host enum here.
static_assert(static_cast<uint64_t>(FusedSwigluGradKey::kB) == 1, "TILING_KEY_IS(1) is the b kernel");

extern "C" __global__ __aicore__ void fused_swiglu_grad_b(GM_ADDR dy, GM_ADDR g, GM_ADDR fc, GM_ADDR dg, GM_ADDR dfc,
                                                          GM_ADDR dbG, GM_ADDR dbFc, GM_ADDR workspace,
                                                          GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // hardware SyncAll needs a MIX type (SyncAll.md)
    REGISTER_TILING_DEFAULT(FusedSwigluGradBTilingData);
    GET_TILING_DATA(td, tiling);
    AscendC::TPipe pipe;
    FusedSwigluGradBKernel op;
    op.Init(dy, g, fc, dg, dfc, dbG, dbFc, workspace, td, &pipe);
    if (TILING_KEY_IS(1)) op.Process();
}
