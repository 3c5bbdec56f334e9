// The cube (AIC) side of the SoC table: buffer sizes, MAC rates and copy rates of one AIC, and the MIX layout.
// A separate table indexed like kSocTable so the vector rows stay untouched. Sources in soc_cube.cpp per value.
#pragma once
#include <cstdint>

#include "ascendc_sim/platform/dtype.h"
#include "ascendc_sim/platform/soc.h"

namespace ascendc_sim {
inline namespace platform {

struct SocCubeInfo {
    SocVersion version;
    bool separated;               // AIC and AIV are separate cores (A2/A3); 310P couples cube and vector in one core
    uint32_t aivPerAic;           // MIX 1:N ratio of a group
    uint64_t l1Bytes;             // L1 buffer (A1/B1)
    uint64_t l0aBytes;            // L0A (A2)
    uint64_t l0bBytes;            // L0B (B2)
    uint64_t l0cBytes;            // L0C (CO1), FP32/INT32 accumulators
    uint64_t biasTableBytes;      // BT buffer (bias in L0C-side table)
    double macsPerCycle16;        // half / bfloat16 MACs per cycle per AIC (one 16x16x16 fractal)
    double macsPerCycle32;        // float inputs
    double gmToL1BytesPerCycle;   // MTE2 on the AIC, bytes from device memory (an L2 miss)
    double l2ToL1BytesPerCycle;   // MTE2 on the AIC, bytes L2 already holds (a hit)
    double l1ToL0aBytesPerCycle;  // MTE1 (L1 -> L0A)
    double l1ToL0bBytesPerCycle;  // MTE1 (L1 -> L0B)
    double l0cToGmBytesPerCycle;  // FIX (L0C -> GM, with the dtype conversion)
    uint32_t crossCoreFlagIds;    // CrossCoreSetFlag ids per core
    uint64_t fixpipeBytes = 0;    // FB0, the fixpipe's quantization/ReLU parameter buffer (0: not listed)
};

// The SoC's cube row; nullptr for a SoC without one (a new SocVersion needs its row here).
const SocCubeInfo* FindSocCubeInfo(SocVersion soc);

// Peak cube MACs per cycle of one AIC for input dtype t (0 when the cube does not take it).
double CubeMacsPerCycle(const SocCubeInfo& cube, DataType t);

}  // namespace platform
}  // namespace ascendc_sim
