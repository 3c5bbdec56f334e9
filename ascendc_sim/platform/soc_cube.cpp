#include "ascendc_sim/platform/soc_cube.h"

namespace ascendc_sim {
inline namespace platform {
namespace {

// Labels: [platform config] CANN 8.1.RC1 data/platform_config/<variant>.ini (ascend910b: Ascend910B1.ini,
// ascend910_93: Ascend910_9391.ini, ascend310p: Ascend310P3.ini; [AICoreSpec] l1_size, l0_a_size, l0_b_size,
// l0_c_size, bt_size; [AICoreMemoryRates] ddr_read_rate, l2_read_rate, l1_to_l0_a_rate, l1_to_l0_b_rate); [doc]
// asc-devkit docs; [derived] computed from those; [assumed] no public source found (docs/performance.md).
constexpr SocCubeInfo kSocCubeTable[4] = {
    // ascend310p: cube and vector share one AI core (no MIX 1:2). L1 1 MB, L0A / L0B 64 KB, L0C 256 KB, GM->L1 17
    // and 114 from L2, L1->L0A 512, L1->L0B 256 B/cycle [platform config]; the config has no bt_size: BT 1 KB, MACs
    // and FIX 32 B/cycle [assumed].
    {SocVersion::kAscend310P, /*separated=*/false, /*aivPerAic=*/1, 1024 * 1024, 64 * 1024, 64 * 1024, 256 * 1024, 1024,
     /*macs16=*/4096, /*macs32=*/0, /*gmToL1=*/17, /*l2ToL1=*/114, /*l1ToL0a=*/512, /*l1ToL0b=*/256,
     /*fix=*/32, /*flags=*/16},
    // ascend910b: AIC:AIV 1:2 [doc GetBlockIdx/GetSubBlockIdx]; buffers, BT 1 KB and GM->L1 32 B/cycle from device
    // memory, 110 from L2, L1->L0A 512 and L1->L0B 256 B/cycle [platform config]; 4096 half MACs/cycle = one 16x16x16
    // fractal ([AICoreSpec] cube_m/n/k_size 16, Mmad fractal shapes) [derived]: 24 AIC x 4096 x 2 x 1.85 GHz = 364
    // TFLOPS, the class of the published 910B figures; float inputs at a quarter of that, FIX (L0C->GM) 64 B/cycle
    // [assumed: the config gives only l0_c_to_ub_rate]; 16 flag ids per core [doc CrossCoreSetFlag]; FB0 2 KB
    // (Ascend910B1.ini fb0_size) [platform config].
    {SocVersion::kAscend910B, true, 2, 512 * 1024, 64 * 1024, 64 * 1024, 128 * 1024, 1024, 4096, 1024, 32, 110, 512,
     256, 64, 16, /*fb0=*/2048},
    // ascend910_93 (A3): Ascend910_9391.ini gives the 910B1 buffers and rates [platform config]; the rest as 910b.
    {SocVersion::kAscend910_93, true, 2, 512 * 1024, 64 * 1024, 64 * 1024, 128 * 1024, 1024, 4096, 1024, 32, 110, 512,
     256, 64, 16, /*fb0=*/2048},
    // ascend950: AIC:AIV 1:2 (Ascend950PR_9599.ini cube_core_cnt 36, vector_core_cnt 72); L1 512 KB, L0A / L0B 64 KB,
    // L0C 256 KB, BT 4 KB, FB0 4 KB (fb0_size), GM->L1 31 and 100 from L2, L1->L0A / L0B 256 B/cycle ([AICoreSpec],
    // [AICoreMemoryRates]) [platform config]; one 16x16x16 fractal per cycle [derived]; float at a quarter, FIX 64
    // B/cycle, 16 flag ids [assumed: as 910b].
    {SocVersion::kAscend950, true, 2, 512 * 1024, 64 * 1024, 64 * 1024, 256 * 1024, 4096, 4096, 1024, 31, 100, 256, 256,
     64, 16, 4096},
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
