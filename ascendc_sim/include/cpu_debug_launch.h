// The header asc's CPU-debug build gives a `<<<>>>` sample (examples of asc-devkit include it under
// ASCENDC_CPU_DEBUG): on the twin, the launch of sim/kernel_call.h and the CPU-debug front.
#pragma once
#include "sim/kernel_call.h"
#include "tikicpulib.h"
