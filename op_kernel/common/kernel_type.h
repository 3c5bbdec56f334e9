// ASCENDOPS_VECTOR_KERNEL_TYPE(): the kernel type of a vector-only kernel on the SoC being compiled. ascend310p
// (__CCE_AICORE__ 200) takes AICORE or MIX_VECTOR_CORE only; A2/A3 run it on the AIV cores alone (asc-devkit
// Kernel-Tiling/设置Kernel类型.md). Kernels that need the hardware SyncAll declare a MIX type instead.
#pragma once
#include "kernel_operator.h"  // KERNEL_TASK_TYPE_DEFAULT, KERNEL_TYPE_*

// ASCENDOPS_VECTOR_CORE_KEY(key), after ASCENDOPS_VECTOR_KERNEL_TYPE(): on ascend310p the tiling key `key` (a literal)
// runs on AI + Vector Cores, KERNEL_TYPE_MIX_VECTOR_CORE (KERNEL_TASK_TYPE: per key, custom-operator projects only;
// 如何在矢量编程时启用Vector-Core.md), and its host tiling sets TilingResult::vectorCores; nothing on A2/A3.
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
#define ASCENDOPS_VECTOR_KERNEL_TYPE() KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AICORE)
#define ASCENDOPS_VECTOR_CORE_KEY(key) KERNEL_TASK_TYPE(key, KERNEL_TYPE_MIX_VECTOR_CORE)
#else
#define ASCENDOPS_VECTOR_KERNEL_TYPE() KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY)
#define ASCENDOPS_VECTOR_CORE_KEY(key)
#endif
