// What `#include "lib/matmul_intf.h"` gives a kernel off-hardware: the twin's Matmul high-level API.
#pragma once
#include "kernel_operator.h"
#include "sim/matmul.h"

// CANN declares the Matmul configuration at global scope (8.1.RC1 lib/matmul/tiling.h and matmul_config.h; the same
// in asc-devkit adv_api/matmul): kernels name them unqualified.
using AscendC::CFG_MDL;
using AscendC::CFG_NORM;
using AscendC::GetMMConfig;
using AscendC::MatmulConfig;
using AscendC::MatmulConfigMode;
using AscendC::MatmulShapeParams;
// asc-devkit adv_api/matmul/matmul.h: `matmul::` names the same API (matmul::GetBlockIdx(), ...).
namespace matmul = AscendC;
