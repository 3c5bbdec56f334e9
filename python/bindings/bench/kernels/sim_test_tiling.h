// Tiling data of the twin kernels that `ascendops bench` runs (and the twin's test kernels, which share it).
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
