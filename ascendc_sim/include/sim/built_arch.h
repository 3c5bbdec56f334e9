// The core architecture a kernel is compiled for, as __NPU_ARCH__ numbers it (asc-devkit: 2002 dav-m200, 2201
// dav-c220, 3510 dav-3510), from the defines its build sets: __NPU_ARCH__ itself (asc-devkit's op compiler and the
// twin's dav-3510 instances), else CANN 8.x's __CCE_AICORE__ 200 / 220; 0 for a build that names none.
#pragma once

#if defined(__NPU_ARCH__)
#define ASCENDC_SIM_BUILT_NPU_ARCH __NPU_ARCH__
#elif defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
#define ASCENDC_SIM_BUILT_NPU_ARCH 2002
#elif defined(__CCE_AICORE__) && __CCE_AICORE__ == 220
#define ASCENDC_SIM_BUILT_NPU_ARCH 2201
#else
#define ASCENDC_SIM_BUILT_NPU_ARCH 0
#endif
