// bfloat16_t on dav-m200 (ascend310p). ccec declares bfloat16_t only from dav-c220 on (__clang_cce_types.h), but the
// op compiler still defines DTYPE_<PARAM> as bfloat16_t for the BF16 combinations the Cast and Split OpDefs register
// for ascend310p (ascendc_impl_build.py DTYPE_MAP). There the kernels move and expand BF16 as its uint16 bit pattern
// (no BF16 vector instruction exists), so on that arch the name stands for the bit pattern. CANN's CPU-debug stubs
// declare their own bfloat16_t on every arch, which is then used unchanged.
#pragma once
#include "kernel_operator.h"

#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200 && !defined(ASCENDC_CPU_DEBUG)
using bfloat16_t = uint16_t;
#endif
