// What `#include "lib/matmul_intf.h"` gives a kernel off-hardware: the twin's Matmul high-level API.
#pragma once
#include "kernel_operator.h"
#include "sim/matmul.h"

// The Matmul usage docs: ASCENDC_CUBE_ONLY, defined before this header, selects the pure Cube mode (the AIC runs the
// Matmul calls itself); REGIST_MATMUL_OBJ reads the mode from here, so each kernel source keeps its own.
#ifdef ASCENDC_CUBE_ONLY
#define ASCENDC_SIM_MATMUL_CUBE_ONLY true
#else
#define ASCENDC_SIM_MATMUL_CUBE_ONLY false
#endif

// The kernel parameter holding the Matmul framework's system workspace (asc-devkit matmul_leakyrelu_advanced_api
// README: Host侧申请并传入的系统workspace); a ccec qualifier the Matmul kernels spell.
#ifndef __kfc_workspace__
#define __kfc_workspace__
#endif

// asc-devkit adv_api/matmul/matmul.h: `matmul::` names the same API (matmul::GetBlockIdx(), ...).
namespace matmul = AscendC;
