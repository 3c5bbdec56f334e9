// The case of tests/ut/sim/kernels/api_kernels.cpp, passed to the kernel by value.
#pragma once
#include <cstdint>

enum SimApiOp : int32_t {
    kApiStaticAdd,
    kApiTwoPipes,
    kApiMaskCounter,
    kApiMaskNormal,
    kApiBitMask,
    kApiReduceMax,
    kApiReduceMin,
    kApiReduceSum,
    kApiReduceMinCount,
    kApiWholeReduceMax,
    kApiWholeReduceMin,
    kApiHighLevel,
    kApiScalarHelpers,
    kApiAssert,
    kApiReduceDataBlockMax,
    kApiReducePairSum,
    kApiReduceRepeatSum,
    kApiCompound,
    kApiPrintf,
    kApiOperators,
    kApiCounterReduce,
};

struct SimApiCase {
    int32_t op;
    int32_t mode;  // scenario detail (the high-level API, the reduce mask)
    uint32_t n;    // elements the API covers
    float scalar;
};
