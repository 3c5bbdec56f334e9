// Tiling of the read-only copy stream (`ascendops bench calibrate`): the GM -> UB scenarios of asc-devkit's data_copy
// best-practice sample, written for the twin.
#pragma once
#include <cstdint>

// How the cores walk the m x n half matrix.
enum CopyStreamMode : uint32_t {
    kStreamSlab = 0,       // each core its m / blocks rows once, tile by tile (scenarios 1-4)
    kStreamRepeat4 = 1,    // its rows 4 times over (scenario 5)
    kStreamQuarters4 = 2,  // each quarter of the columns 4 times before the next (scenario 6)
    kStreamSameAddr = 3,   // every core the whole matrix, all in the same order (scenario 7)
    kStreamStaggered = 4,  // every core the whole matrix, block k starting k blocks of rows later (scenario 8)
};

struct CopyStreamTiling {
    uint32_t m, n;          // matrix rows and columns (half)
    uint32_t tileM, tileN;  // rows and columns of one copy (the last column tile may be narrower)
    uint32_t mode;          // CopyStreamMode
    uint32_t l2Bypass;      // 1: SetL2CacheHint(CACHE_MODE_DISABLE) on the matrix
};
