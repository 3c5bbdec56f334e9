// ASCENDOPS_VECTOR_KERNEL_TYPE(): the kernel type of a vector-only kernel on the SoC being compiled. ascend310p
// (__CCE_AICORE__ 200) takes AICORE or MIX_VECTOR_CORE only; A2/A3 run it on the AIV cores alone (asc-devkit
// Kernel-Tiling/设置Kernel类型.md). Kernels that need the hardware SyncAll declare a MIX type instead.
#pragma once
#include "kernel_operator.h"  // KERNEL_TASK_TYPE_DEFAULT, KERNEL_TYPE_*

#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
#define ASCENDOPS_VECTOR_KERNEL_TYPE() KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AICORE)
#else
#define ASCENDOPS_VECTOR_KERNEL_TYPE() KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY)
#endif
