// CANN's CPU-debug front on the twin: a kernel test written for tikicpulib (GmAlloc, ICPU_RUN_KF, ...) builds and
// runs unchanged. The names are those of CANN's tools/tikicpulib/lib/include (stub_def.h, kern_fwk.h).
#pragma once
// CANN's CPU-debug front brings <iostream> (8.1.RC1 tools/tikicpulib/lib/include/stub_def.h); tests rely on it.
#include <iostream>

#include "kernel_operator.h"
#include "sim/cpu_debug.h"

// The SoC the test is built for, from the arch defines CANN's CPU-debug build sets (tikicpulib cmake: __DAV_C220__ /
// __CCE_AICORE__=220 for Atlas A2/A3, __DAV_M200__ / 200 for 310P; asc-devkit: __NPU_ARCH__ 3510 / __DAV_C310__ for
// Ascend 950, ascendc_compile_v220.py:82, examples' data_utils.h:30); none: ASCENDC_SIM_SOC or the twin's default.
#if defined(__DAV_C310__) || (defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510)
#define ASCENDC_SIM_CPU_DEBUG_SOC "ascend950"
#elif defined(__DAV_C220__) || (defined(__CCE_AICORE__) && __CCE_AICORE__ == 220)
#define ASCENDC_SIM_CPU_DEBUG_SOC "ascend910b"
#elif defined(__DAV_M200__) || (defined(__CCE_AICORE__) && __CCE_AICORE__ == 200)
#define ASCENDC_SIM_CPU_DEBUG_SOC "ascend310p"
#else
#define ASCENDC_SIM_CPU_DEBUG_SOC nullptr
#endif

#define ICPU_SET_TILING_KEY(tilingKey) ::ascendc_sim::cpu_debug::SetTilingKey(tilingKey)
// Runs `func` on `blkdim` cores of the twin with the arguments as given; an error the twin finds is printed and
// the test exits with status 1 (CANN's front reports a failing core and carries on to a wrong result).
#define ICPU_RUN_KF(func, blkdim, ...) \
    ::ascendc_sim::cpu_debug::Run(#func, ASCENDC_SIM_CPU_DEBUG_SOC, (func), (blkdim), ##__VA_ARGS__)
