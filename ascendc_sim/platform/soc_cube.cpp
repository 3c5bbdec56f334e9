#include "ascendc_sim/platform/soc_cube.h"

namespace ascendc_sim {
inline namespace platform {
namespace {

// Labels: [verified] CANN platform config Ascend910B1 (docs/socs.md: L1 512 KB, L0A/L0B 64 KB, L0C 128 KB, ddr 32
// B/cycle, cube_freq 1850 MHz); [doc] asc-devkit docs; [derived] computed from those; [assumed] no public source
// found, listed in docs/twin.md.
constexpr SocCubeInfo kSocCubeTable[3] = {
    // ascend310p: cube and vector share one AI core (no MIX 1:2). L1 1 MB, L0C 256 KB and every rate [assumed].
    {SocVersion::kAscend310P, /*separated=*/false, /*aivPerAic=*/1, 1024 * 1024, 64 * 1024, 64 * 1024, 256 * 1024, 1024,
     /*macs16=*/4096, /*macs32=*/0, /*gmToL1=*/32, /*l2ToL1 (no L2 modeled)=*/32, /*l1ToL0a=*/128, /*l1ToL0b=*/128,
     /*fix=*/32, /*flags=*/16},
    // ascend910b: AIC:AIV 1:2 [doc GetBlockIdx/GetSubBlockIdx]; buffers [verified]; 4096 half MACs/cycle = one
    // 16x16x16 fractal (Mmad fractal shapes) [derived]: 24 AIC x 4096 x 2 x 1.85 GHz = 364 TFLOPS, the class of the
    // published 910B figures; float inputs at a quarter of that [assumed]; BT 1 KB and FIX 64 B/cycle [assumed];
    // GM->L1 32 B/cycle from device memory, 110 from L2, L1->L0A 512 and L1->L0B 256 B/cycle [verified: the A2/A3
    // platform config's ddr_read_rate, l2_read_rate, l1_to_l0_a_rate, l1_to_l0_b_rate, as pypto ships it in
    // lib/configs/A2A3.ini]; 16 flag ids per core [doc CrossCoreSetFlag].
    {SocVersion::kAscend910B, true, 2, 512 * 1024, 64 * 1024, 64 * 1024, 128 * 1024, 1024, 4096, 1024, 32, 110, 512,
     256, 64, 16},
    // ascend910_93 (A3): the 910B figures (nothing A3-specific found) [assumed].
    {SocVersion::kAscend910_93, true, 2, 512 * 1024, 64 * 1024, 64 * 1024, 128 * 1024, 1024, 4096, 1024, 32, 110, 512,
     256, 64, 16},
};

}  // namespace

const SocCubeInfo* FindSocCubeInfo(SocVersion soc) {
    for (const SocCubeInfo& row : kSocCubeTable) {
        if (row.version == soc) return &row;
    }
    return nullptr;
}

double CubeMacsPerCycle(const SocCubeInfo& cube, DataType t) {
    if (t == DataType::kFloat16 || t == DataType::kBf16) return cube.macsPerCycle16;
    if (t == DataType::kFloat) return cube.macsPerCycle32;
    return 0;
}

}  // namespace platform
}  // namespace ascendc_sim
