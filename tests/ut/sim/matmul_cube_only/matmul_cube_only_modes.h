// What sim_matmul_cube_only runs (main.cpp): how the kernels use the Matmul API, or the misuse the twin must refuse.
#pragma once
#include <cstdint>

enum MatmulCubeOnlyMode : int32_t {
    kIterateAll,      // __cube__ kernel, ASCENDC_CUBE_ONLY: IterateAll of each AIC's block, bias, tails by SetTail
    kIterate,         // the same by Iterate + GetTensorC to GM
    kAsync,           // IterateAll<false> + WaitIterateAll: refused, pure Cube has the sync mode only
    kMixLaunch,       // the kIterateAll kernel in a MIX launch: the AICs compute, the AIVs leave at REGIST_MATMUL_OBJ
    kStatic,          // a full MatmulApiStaticTiling of the MDL template with unit flag, depth and steps set by
                      // the kernel, REGIST_MATMUL_OBJ given nullptr (the 64 x 48 x 128 problem on one AIC)
    kStaticMismatch,  // the same constants with a runtime tiling whose stepKa differs
    kPartialOutput,   // MatmulConfig.isPartialOutput, which the twin does not model
    kVectorLaunch,    // the kIterateAll kernel launched on AIVs only
    kWithoutCubeOnly, // a __cube__ kernel whose source did not define ASCENDC_CUBE_ONLY (MIX mode)
    kMixAsyncIterate, // MIX mode on AIC:AIV 1:2 groups (dim AIVs): Iterate<false> + SetWorkspace + GetTensorC<false>
};

// The constant problem of kStatic: C (64 x 48) = A (64 x 128) B (128 x 48), base 32 x 16 x 32.
inline constexpr uint32_t kStaticM = 64, kStaticN = 48, kStaticK = 128;
inline constexpr uint32_t kStaticBaseM = 32, kStaticBaseN = 16, kStaticBaseK = 32;
