// The TCubeTiling fields by name: one table for dict <-> struct in both directions (the Matmul kernels' tiling).
#pragma once
#include <cstdint>
#include <utility>

#include "op_host/common/platform.h"

namespace ascendc_sim::bench {

using CubeField = int32_t ascendops::CubeTiling::*;
inline const std::pair<const char*, CubeField> kCubeFields[] = {
    {"usedCoreNum", &ascendops::CubeTiling::usedCoreNum},
    {"M", &ascendops::CubeTiling::M},
    {"N", &ascendops::CubeTiling::N},
    {"Ka", &ascendops::CubeTiling::Ka},
    {"Kb", &ascendops::CubeTiling::Kb},
    {"singleCoreM", &ascendops::CubeTiling::singleCoreM},
    {"singleCoreN", &ascendops::CubeTiling::singleCoreN},
    {"singleCoreK", &ascendops::CubeTiling::singleCoreK},
    {"baseM", &ascendops::CubeTiling::baseM},
    {"baseN", &ascendops::CubeTiling::baseN},
    {"baseK", &ascendops::CubeTiling::baseK},
    {"depthA1", &ascendops::CubeTiling::depthA1},
    {"depthB1", &ascendops::CubeTiling::depthB1},
    {"stepM", &ascendops::CubeTiling::stepM},
    {"stepN", &ascendops::CubeTiling::stepN},
    {"isBias", &ascendops::CubeTiling::isBias},
    {"transLength", &ascendops::CubeTiling::transLength},
    {"iterateOrder", &ascendops::CubeTiling::iterateOrder},
    {"stepKa", &ascendops::CubeTiling::stepKa},
    {"stepKb", &ascendops::CubeTiling::stepKb},
    {"dbL0A", &ascendops::CubeTiling::dbL0A},
    {"dbL0B", &ascendops::CubeTiling::dbL0B},
    {"dbL0C", &ascendops::CubeTiling::dbL0C},
};

}  // namespace ascendc_sim::bench
