// Tiling of the Add calibration kernels (`ascendops bench calibrate`): the seven versions of asc-devkit's
// add_high_performance best-practice sample, written for the twin.
#pragma once
#include <cstdint>

struct AddCalibrationTiling {
    uint32_t rows;           // rows of x, y, z (8192), split over the cores as evenly as possible
    uint32_t cols;           // columns (8192)
    uint32_t tile;           // elements per copy (the sample's dataCopyLen)
    uint32_t buffers;        // 1 (serial) or 2 (ping-pong)
    uint32_t scalar;         // 1: GetValue/SetValue loop instead of the vector Add
    uint32_t l2Bypass;       // 1: SetL2CacheHint(CACHE_MODE_DISABLE) on x and y
    uint32_t tileLimit;      // 0: every tile; else only the first tileLimit tiles of each core (extrapolated)
    uint32_t ubBytes;        // the one TBuf holding every buffer
    uint32_t idleQueue;      // 1: also declare a double-buffered queue the kernel never uses (must not change the cost)
    uint32_t offsets[2][3];  // UB byte offsets of x, y, z for each buffer (the bank layout under test)
};
