// The twin's platform layer (SoC table, dtypes, status and Result, cube facts, host Matmul tiling) under the
// package's own names: op_host, op_kernel's host-side headers, op_api and the bindings include this one header.
#pragma once
#include "ascendc_sim/platform/cube_tiling.h"
#include "ascendc_sim/platform/dtype.h"
#include "ascendc_sim/platform/matmul_tiling.h"
#include "ascendc_sim/platform/soc.h"
#include "ascendc_sim/platform/soc_cost_sources.h"
#include "ascendc_sim/platform/soc_cube.h"
#include "ascendc_sim/platform/soc_vector_core.h"
#include "ascendc_sim/platform/status.h"

namespace ascendops {
using namespace ascendc_sim::platform;
}  // namespace ascendops
