// The FusedSwigluGrad kernel entries the twin build compiles (python/ascendops/registry.json): b, w, x.
#pragma once
#include <cstdint>

#define ASCENDOPS_SIM_KERNEL(entry, variant)                                                                         \
    extern "C" void entry##_##variant(uint8_t* dy, uint8_t* g, uint8_t* fc, uint8_t* dg, uint8_t* dfc, uint8_t* dbG, \
                                      uint8_t* dbFc, uint8_t* workspace, uint8_t* tiling);
#include "sim_kernels_fused_swiglu_grad_b.inc"
#undef ASCENDOPS_SIM_KERNEL
// w: x, dg, dfc, dw_g, dw_fc; x: dg, dfc, w_g, w_fc, dx.
#define ASCENDOPS_SIM_KERNEL(entry, variant)                                                                   \
    extern "C" void entry##_##variant(uint8_t* a, uint8_t* b, uint8_t* c, uint8_t* d, uint8_t* e, uint8_t* ws, \
                                      uint8_t* tiling);
#include "sim_kernels_fused_swiglu_grad_w.inc"
#include "sim_kernels_fused_swiglu_grad_x.inc"
#undef ASCENDOPS_SIM_KERNEL
