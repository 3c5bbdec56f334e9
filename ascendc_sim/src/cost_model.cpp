#include "sim/cost_model.h"

#include <algorithm>

#include "op_host/common/soc_cube.h"

namespace ascendc_sim {

double VecClassFactor(VecClass k) {
    // Assumptions until calibrated on hardware: casts and reductions take about twice a simple op per repeat,
    // transcendental ops (exp, ln, div, sqrt) about four times.
    static constexpr double kFactors[static_cast<int>(VecClass::kCount)] = {1.0, 2.0, 4.0, 2.0};
    return kFactors[static_cast<int>(k)];
}

// An AIC's cycles: MTE2 (GM->L1), MTE1 (L1->L0A/B), M (MACs at the peak rate) and FIX (L0C->GM) from the cube row
// of the SoC table; with L0 double buffers the pipes overlap and the slowest bounds the core.
CubePipes CubePipeCycles(const CoreCost& c, const ascendops::SocInfo& soc) {
    const ascendops::SocCubeInfo* cube = ascendops::FindSocCubeInfo(soc.version);
    if (cube == nullptr || (c.cubeMacs == 0 && c.cubeMacs32 == 0)) return {};
    CubePipes p;
    p.m = c.cubeMacs / cube->macsPerCycle16 + (c.cubeMacs32 ? c.cubeMacs32 / cube->macsPerCycle32 : 0);
    p.mte2 = c.gmToL1Bytes / cube->gmToL1BytesPerCycle;
    p.mte1 = c.l1ToL0Bytes / cube->l1ToL0BytesPerCycle;
    p.fix = c.l0cToGmBytes / cube->l0cToGmBytesPerCycle;
    return p;
}

double CubeCycles(const CoreCost& c, const ascendops::SocInfo& soc) {
    CubePipes p = CubePipeCycles(c, soc);
    return c.cubeDoubleBuffered ? std::max({p.m, p.mte2, p.mte1, p.fix}) : p.m + p.mte2 + p.mte1 + p.fix;
}

double CoreTimeUs(const CoreCost& c, const ascendops::SocInfo& soc) {
    const ascendops::SocCostParams& p = soc.cost;
    double mte2 = c.gmToUbBytes / p.gmToUbBytesPerCycle;
    double mte3 = c.ubToGmBytes / p.ubToGmBytesPerCycle;
    double vec = static_cast<double>(c.vecInstrs) * p.vecIssueCycles;
    for (int k = 0; k < static_cast<int>(VecClass::kCount); ++k) {
        vec += static_cast<double>(c.vecRepeats[k]) * p.vecCyclesPerRepeat * VecClassFactor(static_cast<VecClass>(k));
    }
    double serial = c.scalarGmAccesses * p.scalarGmAccessCycles + c.barriers * p.barrierCycles;
    double pipes = c.doubleBuffered ? std::max({mte2, mte3, vec}) : mte2 + mte3 + vec;
    return (pipes + serial + CubeCycles(c, soc)) / p.freqMHz;  // cycles / (cycles per us)
}

ModeledTime ModelTime(const LaunchStats& stats, const ascendops::SocInfo& soc) {
    ModeledTime t;
    for (const CoreCost& c : stats.cores) t.slowestCoreUs = std::max(t.slowestCoreUs, CoreTimeUs(c, soc));
    t.bandwidthUs = RooflineUs(stats.TotalGmBytes(), soc);
    t.launchUs = soc.cost.launchOverheadUs;
    t.deviceUs = std::max(t.slowestCoreUs, t.bandwidthUs) + t.launchUs;
    return t;
}

double RooflineUs(uint64_t bytes, const ascendops::SocInfo& soc) {
    return static_cast<double>(bytes) / (soc.cost.memBandwidthGBps * 1e3);  // GB/s = 1e3 bytes per us
}

}  // namespace ascendc_sim
