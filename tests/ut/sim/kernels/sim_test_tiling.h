// Tiling data shared by the twin's test kernels and their bindings.
#pragma once
#include <cstdint>

struct SimTestTiling {
    uint32_t totalLength;  // elements over all cores
    uint32_t tileLength;   // elements per tile
    int32_t op;            // which instruction a generic kernel runs
    int32_t mode;          // round mode / compare mode / scenario
    float scalar;
    uint32_t extra;  // scenario-specific
};
