// Tiling of the twin's Matmul test kernels: one TCubeTiling plus the scenario.
#pragma once
#include <cstdint>

#include "ascendc_sim/platform/cube_tiling.h"

struct MatmulTestTiling {
    ascendc_sim::CubeTiling cube;
    int32_t transA, transB;
    int32_t hasBias;
    int32_t atomic;  // IterateAll enAtomic
    int32_t mode;    // MatmulTestMode
};

enum MatmulTestMode : int32_t {
    kMmIterateAll = 0,       // IterateAll into C
    kMmIterate = 1,          // Iterate + GetTensorC(GM) per block
    kMmAsync = 2,            // IterateAll<false> + WaitIterateAll
    kMmAsyncNoWait = 3,      // IterateAll<false>, then C read back before WaitIterateAll (rejected)
    kMmSwitchNoEnd = 4,      // a second object computes before End() of the first (rejected)
    kMmFiveObjects = 5,      // five objects registered (rejected)
    kMmAfterInitBuffer = 6,  // REGIST_MATMUL_OBJ after InitBuffer (rejected)
    kMmReservedFlag = 7,     // CrossCoreSetFlag on an id the Matmul API owns (rejected)
    kMmIterateToUb = 8,      // Iterate + GetTensorC(UB) + DataCopy to GM (full blocks only)
    kMmSharedBlock = 9,      // every core writes block 0 without atomic add (a race)
    kMmAicSkipsRegist = 10,  // the AIC returns before REGIST_MATMUL_OBJ: nobody serves the AIVs (rejected)
};
