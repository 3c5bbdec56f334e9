// Tiling of the vector calibration kernels (`ascendops bench calibrate`, sources S5 and S6): asc-devkit's GELU and
// ND -> NZ best-practice samples, written for the twin.
#pragma once
#include <cstdint>

struct GeluCalibrationTiling {
    uint32_t rows, cols;  // the float matrix
    uint32_t tileRows;    // rows of one tile (whole rows of cols floats), tiles dealt round-robin to the cores
};

struct Nd2NzCalibrationTiling {
    uint32_t rows, cols;            // the half ND matrix (cols a multiple of colSplits x tileCols)
    uint32_t rowSplits, colSplits;  // blocks = rowSplits x colSplits
    uint32_t tileRows, tileCols;    // one tile (the last row tile may be shorter)
    uint32_t nzC0Stride;            // 32-byte blocks between two C0 columns of a tile in UB (>= tileRows)
};
