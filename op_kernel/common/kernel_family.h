// ASCENDOPS_KERNEL_FAMILY: the namespace of the kernel family being compiled. The twin links every family's instances
// into one library, whose inline functions and class templates must not collide across families: m200 (ascend310p,
// __CCE_AICORE__ 200), a3510 (ascend950: its headers select by __NPU_ARCH__ == 3510 alone, asc-devkit
// impl/basic_api/utils/kernel_utils_constants.h:164), c220 (ascend910b / ascend910_93, and a build for no arch).
// Not an inline namespace: CANN's kernel_macros.h defines `inline` as a macro on the device path.
#pragma once

#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
#define ASCENDOPS_KERNEL_FAMILY m200
#elif defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
#define ASCENDOPS_KERNEL_FAMILY a3510
#else
#define ASCENDOPS_KERNEL_FAMILY c220
#endif
