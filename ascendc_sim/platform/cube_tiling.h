// TCubeTiling: the tiling of one Matmul object, field for field as the Matmul docs describe it (TCubeTiling结构体):
// a plain struct, embedded by value in an operator's tiling data and read by the Matmul kernel API.
#pragma once
#include <cstdint>

namespace ascendc_sim {
inline namespace platform {

struct CubeTiling {
    int32_t usedCoreNum;   // cores running one singleCoreM x singleCoreN block each (AIVs in a MIX launch)
    int32_t M, N, Ka, Kb;  // original (org) shapes, elements
    int32_t singleCoreM, singleCoreN, singleCoreK;
    int32_t baseM, baseN, baseK;  // one Mmad block
    int32_t depthA1, depthB1;     // base blocks held in L1: stepM * stepKa * db, stepN * stepKb * db
    int32_t stepM, stepN;
    int32_t isBias;
    int32_t transLength;   // UB bytes the API needs for VECIN/VECOUT operands (0: all operands in GM)
    int32_t iterateOrder;  // 0: M first, then N; 1: N first
    int32_t shareMode, shareL1Size, shareL0CSize, shareUbSize;  // reserved by the docs
    int32_t batchM, batchN, singleBatchM, singleBatchN;         // reserved by the docs
    int32_t stepKa, stepKb;
    int32_t dbL0A, dbL0B, dbL0C;  // 1 or 2 buffers in L0A / L0B / L0C
    int32_t mxTypePara;           // MxMatmul only
};

}  // namespace platform
}  // namespace ascendc_sim
