// What sim_matmul_cube_only runs (main.cpp): how the kernels use the Matmul API, or the misuse the twin must refuse.
#pragma once
#include <cstdint>

enum MatmulCubeOnlyMode : int32_t {
    kIterateAll,       // __cube__ kernel, ASCENDC_CUBE_ONLY: IterateAll of each AIC's block, bias, tails by SetTail
    kIterate,          // the same by Iterate + GetTensorC to GM
    kAsync,            // IterateAll<false> + WaitIterateAll: refused, pure Cube has the sync mode only
    kMixLaunch,        // the kIterateAll kernel in a MIX launch: the AICs compute, the AIVs leave at REGIST_MATMUL_OBJ
    kStatic,           // a full MatmulApiStaticTiling of the MDL template with unit flag, depth and steps set by
                       // the kernel, REGIST_MATMUL_OBJ given nullptr (the 64 x 48 x 128 problem on one AIC)
    kStaticMismatch,   // the same constants with a runtime tiling whose stepKa differs
    kPartialOutput,    // MatmulConfig.isPartialOutput, which the twin does not model
    kVectorLaunch,     // the kIterateAll kernel launched on AIVs only
    kWithoutCubeOnly,  // a __cube__ kernel whose source did not define ASCENDC_CUBE_ONLY (MIX mode)
    kMixAsyncIterate,  // MIX mode on AIC:AIV 1:2 groups (dim AIVs): Iterate<false> + SetWorkspace + GetTensorC<false>
    kNdAlign,          // C in ND_ALIGN: rows of N rounded up to 32 bytes (8 floats), the pad columns 0
    kSequential,       // one AIC, one base block: GetTensorC(c, 0, true) puts it as baseM rows of baseN from c
    kGemv,             // A as CubeFormat::VECTOR (GEMV), on the host and in the kernel; M must be 1
};

// C's row stride in floats for a mode: ND_ALIGN pads to 8 floats, a sequential block has baseN = N rounded up to 16.
inline constexpr int32_t CRowStride(int32_t mode, int32_t n) {
    return mode == kNdAlign ? (n + 7) / 8 * 8 : mode == kSequential ? (n + 15) / 16 * 16 : n;
}

// The constant problem of kStatic: C (64 x 48) = A (64 x 128) B (128 x 48), base 32 x 16 x 32.
inline constexpr uint32_t kStaticM = 64, kStaticN = 48, kStaticK = 128;
inline constexpr uint32_t kStaticBaseM = 32, kStaticBaseN = 16, kStaticBaseK = 32;
