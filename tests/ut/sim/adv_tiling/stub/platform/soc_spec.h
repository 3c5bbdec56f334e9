// The NpuArch enum asc-devkit's utils/tiling/platform/platform_ascendc.h takes from CANN's platform/soc_spec.h,
// for building asc-devkit's open tiling sources as the oracle (test_adv_tiling.py).
#pragma once
#include <cstdint>
enum class NpuArch : uint32_t {
    DAV_2002 = 2002,
    DAV_2201 = 2201,
    DAV_3003 = 3003,
    DAV_3113 = 3113,
    DAV_3510 = 3510,
    DAV_5102 = 5102
};
