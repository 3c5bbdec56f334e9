// ASCENDOPS_HOST_DEVICE: the qualifier of helpers that the host tilings and the kernels share through a tiling-data
// header. Device code needs __aicore__ on them; the host tiling compiles them as plain C++.
#pragma once

#if defined(__CCE_AICORE__) || defined(ASCENDOPS_SIM_KERNEL_BUILD)
#include "kernel_operator.h"  // __aicore__, whatever the including file's include order
#define ASCENDOPS_HOST_DEVICE __aicore__
#else
#define ASCENDOPS_HOST_DEVICE
#endif
