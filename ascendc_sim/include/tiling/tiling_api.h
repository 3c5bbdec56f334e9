// CANN's host tiling library (tiling/tiling_api.h) as far as the twin provides it: the platform
// (tiling/platform/platform_ascendc.h), the tiling-data macros (register/tilingdata_base.h), the Matmul tiling
// (tiling/matmul_tiling.h), the advanced APIs' temporary-buffer sizes (tiling/elementwise_tmp_size.h,
// filter_tmp_size.h, quant_tmp_size.h, math_tmp_size.h), SoftMax's tiling (tiling/softmax_tiling.h) and Pad's /
// UnPad's (tiling/pad_tiling.h). A tiling function of CANN's the twin lacks fails to compile under its own name.
#pragma once
#include "register/tilingdata_base.h"
#include "tiling/elementwise_tmp_size.h"
#include "tiling/filter_tmp_size.h"
#include "tiling/math_tmp_size.h"
#include "tiling/matmul_tiling.h"
#include "tiling/pad_tiling.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/quant_tmp_size.h"
#include "tiling/softmax_tiling.h"
