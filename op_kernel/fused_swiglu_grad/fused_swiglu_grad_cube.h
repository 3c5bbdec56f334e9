// FusedSwigluGrad cube kernels: what the w and x kernels share (Matmul types, the AIV's units).
#pragma once
#include "fused_swiglu_grad_tiling_data.h"
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

namespace ascendops::fused_swiglu_grad {

// Operands in GM, ND (Matmul docs: MatmulType; CubeFormat is a global name in CANN's matmul_config.h); the bias type is
// FP32 even without a bias, as the A2/A3 type table lists (BF16, BF16, bias FP32, C BF16 or FP32).
template <typename T, bool TRANS = false>
using SgGmNd = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, T, TRANS>;

// The units of this AIV: slot, slot + AIVs, ... (AIC-first order, SgAivSlot).
struct SgUnits {
    uint32_t first;
    uint32_t step;
};
__aicore__ inline SgUnits SgUnitsOfThisAiv(uint32_t groups) {
    return {SgAivSlot(static_cast<uint32_t>(AscendC::GetBlockIdx()), groups), 2 * groups};
}

__aicore__ inline uint32_t SgMin(uint32_t a, uint32_t b) { return a < b ? a : b; }

}  // namespace ascendops::fused_swiglu_grad
