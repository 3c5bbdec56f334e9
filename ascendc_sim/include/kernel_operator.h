// What `#include "kernel_operator.h"` gives an Ascend C kernel off-hardware: the CPU twin of the kernel API.
#pragma once
#include <cassert>  // kernels call assert() unqualified: CANN's CPU debug includes it (tikicpulib stub_def.h)
#include <cstdint>
#if defined(ASCENDC_CPU_DEBUG) && ASCENDC_CPU_DEBUG == 1
// Samples' host code uses std::cout unincluded: CANN's CPU-debug kernel_operator.h brings <iostream> (8.1.RC1
// basic_api/impl/utils/kernel_utils_macros.h:42 -> tools/tikicpulib/lib/include/stub_def.h:23).
#include <iostream>
#endif

#include "sim/activation.h"
#include "sim/adv_exp.h"
#include "sim/adv_sum.h"
#include "sim/atomic.h"
#include "sim/cast.h"
#include "sim/cmp_mask.h"
#include "sim/compare_select.h"
#include "sim/cube_copy.h"
#include "sim/cube_ops.h"
#include "sim/data_copy.h"
#include "sim/debug_print.h"
#include "sim/gather.h"
#include "sim/gather_mask.h"
#include "sim/gm_bypass.h"
#include "sim/gm_fill.h"
#include "sim/kernel_entry.h"
#include "sim/kernel_utils.h"
#include "sim/load3d.h"
#include "sim/mask.h"
#include "sim/mix.h"
#include "sim/pipe.h"
#include "sim/reduce.h"
#include "sim/reduce_repeat.h"
#include "sim/reg.h"
#include "sim/softmax.h"
#include "sim/softmax_grad.h"
#include "sim/sort.h"
#include "sim/static_tensor.h"
#include "sim/sync.h"
#include "sim/task_sync.h"
#include "sim/tensor.h"
#include "sim/tensor_ops.h"
#include "sim/type_traits.h"
#include "sim/types.h"
#include "sim/vec_index.h"
#include "sim/vector_copy.h"
#include "sim/vector_extra.h"
#include "sim/vector_ops.h"
