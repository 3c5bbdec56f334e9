// What `#include "kernel_operator.h"` gives an Ascend C kernel off-hardware: the CPU twin of the kernel API.
#pragma once
#include <cstdint>

#include "sim/atomic.h"
#include "sim/cast.h"
#include "sim/compare_select.h"
#include "sim/cube_ops.h"
#include "sim/data_copy.h"
#include "sim/gather.h"
#include "sim/kernel_entry.h"
#include "sim/pipe.h"
#include "sim/reduce.h"
#include "sim/sync.h"
#include "sim/tensor.h"
#include "sim/types.h"
#include "sim/vector_ops.h"
