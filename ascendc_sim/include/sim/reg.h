// The register-based vector API (AscendC::Reg): declared on dav-3510 builds (__NPU_ARCH__ == 3510), a compile error
// naming the rule on any other.
#pragma once
#if defined(__NPU_ARCH__) && __NPU_ARCH__ == 3510
#include "sim/reg/reg_api.h"
#else
#include "sim/reg/reg_off_arch.h"
#endif
