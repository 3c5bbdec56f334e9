// The kernel-side tiling structs of CANN's kernel_tiling/kernel_tiling.h that the twin provides: TCubeTiling, the
// tiling of one Matmul object (global, and as AscendC::tiling::TCubeTiling as asc-devkit spells it).
#pragma once
#include "ascendc_sim/platform/cube_tiling.h"

using TCubeTiling = ascendc_sim::CubeTiling;
namespace AscendC::tiling {
using TCubeTiling = ascendc_sim::CubeTiling;
}  // namespace AscendC::tiling
