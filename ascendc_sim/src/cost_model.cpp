#include "sim/cost_model.h"

#include <algorithm>

#include "ascendc_sim/platform/soc_cube.h"
#include "ascendc_sim/platform/soc_vector_core.h"

namespace ascendc_sim {

double VecClassFactor(VecClass k) {
    // Assumptions until calibrated on hardware: casts and reductions take about twice a simple op per repeat,
    // transcendental ops (exp, ln, div, sqrt) about four times.
    static constexpr double kFactors[static_cast<int>(VecClass::kCount)] = {1.0, 2.0, 4.0, 2.0};
    return kFactors[static_cast<int>(k)];
}

// An AIC's cycles: MTE2 (GM->L1: L2 misses at the device-memory rate, hits at the L2 rate), MTE1 (L1->L0A / L0B),
// M (MACs at the peak rate) and FIX (L0C->GM) from the cube row of the SoC table; with L0 double buffers the pipes
// overlap and the slowest bounds the core.
CubePipes CubePipeCycles(const CoreCost& c, const ascendc_sim::SocInfo& soc) {
    const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(soc.version);
    if (cube == nullptr || (c.cubeMacs == 0 && c.cubeMacs32 == 0 && c.gmToL1Bytes == 0)) return {};
    CubePipes p;
    const double hit = c.cubeL2HitShare, bytes = static_cast<double>(c.gmToL1Bytes);
    p.m = c.cubeMacs / cube->macsPerCycle16 + (c.cubeMacs32 ? c.cubeMacs32 / cube->macsPerCycle32 : 0);
    p.mte2 =
        bytes * (1.0 - hit) / cube->gmToL1BytesPerCycle + bytes * hit / cube->l2ToL1BytesPerCycle + c.gmToL1CopyCycles;
    p.mte1 = c.l1ToL0aBytes / cube->l1ToL0aBytesPerCycle + c.l1ToL0bBytes / cube->l1ToL0bBytesPerCycle;
    p.fix = c.l0cToGmBytes / cube->l0cToGmBytesPerCycle;
    return p;
}

double CubeCycles(const CoreCost& c, const ascendc_sim::SocInfo& soc) {
    CubePipes p = CubePipeCycles(c, soc);
    return c.cubeDoubleBuffered ? std::max({p.m, p.mte2, p.mte1, p.fix}) : p.m + p.mte2 + p.mte1 + p.fix;
}

// A vector core's time is its pipe timeline's critical path (sim/pipe_sync.h, sim/timing.h); an AIC adds its cube
// pipes (modeled apart, from counts) and the vector work its AIVs can only start once the cube is done. A Vector
// Core runs at its own clock (Ascend310P3.ini vec_freq).
double CoreTimeUs(const CoreCost& c, const ascendc_sim::SocInfo& soc) {
    const double cube = CubeCycles(c, soc);
    const double epilogue = cube > 0 ? std::max(0.0, c.cubeEpilogueCycles) : 0.0;
    const double freqMHz = c.vectorCore ? ascendc_sim::VectorCoreCost(soc).freqMHz : soc.cost.freqMHz;
    return (c.timelineCycles + cube + epilogue) / freqMHz;  // cycles / (cycles per us)
}

namespace {

// Writes L2 keeps for the kernel's duration: what fits beside the reads that allocate in it (the published A2 Add
// case 5: with the inputs bypassing L2, the output's writes hit L2).
double L2AbsorbedBytes(double cachedReads, double writes, const ascendc_sim::SocCostParams& p) {
    return p.l2Bytes <= 0 ? 0.0 : std::min(writes, std::max(0.0, p.l2Bytes - cachedReads));
}

double AchievableUs(double bytes, const ascendc_sim::SocCostParams& p) { return bytes / (p.memAchievableGBps * 1e3); }

// The launch term: a launch's Task Duration beyond its cores' mean time (their start and end skew), growing with the
// blocks, per AIV or per AIC (soc_cost_sources.cpp: fitted on the published 1- and 48-AIV and 24-AIC rows).
double LaunchUs(uint32_t blocks, bool aicBlocks, const ascendc_sim::SocCostParams& p) {
    const double perBlock = aicBlocks ? p.aicLaunchPerBlockUs : p.launchPerBlockUs;
    return p.launchOverheadUs + perBlock * static_cast<double>(std::max<uint32_t>(1, blocks) - 1);
}

}  // namespace

ModeledTime ModelTime(const LaunchStats& stats, const ascendc_sim::SocInfo& soc) {
    ModeledTime t;
    double reads = 0, bypass = 0, writes = 0, readCost = 0, writeCost = 0;
    for (const CoreCost& c : stats.cores) {
        t.slowestCoreUs = std::max(t.slowestCoreUs, CoreTimeUs(c, soc));
        reads += static_cast<double>(c.gmToUbBytes + c.gmToL1Bytes);
        bypass += static_cast<double>(c.gmToUbBypassBytes);
        writes += static_cast<double>(c.ubToGmBytes + c.l0cToGmBytes);
        readCost += c.memReadCost + c.memConflictCost + static_cast<double>(c.gmToL1Bytes) * (1.0 - c.cubeL2HitShare);
        writeCost += c.memWriteCost + static_cast<double>(c.l0cToGmBytes);
    }
    // Device memory carries the reads and the writes L2 does not keep, each copy with its overhead.
    const double kept = writes > 0 ? L2AbsorbedBytes(reads - bypass, writes, soc.cost) / writes : 0.0;
    t.bandwidthUs = AchievableUs(readCost + writeCost * (1.0 - kept), soc.cost);
    t.launchUs = LaunchUs(stats.blockDim, stats.aicBlocks, soc.cost);  // blocks as launched: a MIX launch's groups
    t.deviceUs = std::max(t.slowestCoreUs, t.bandwidthUs) + t.launchUs;
    return t;
}

uint64_t WrittenShareOf(const LaunchStats& stats, uint64_t bytes) {
    uint64_t written = 0;
    for (const CoreCost& c : stats.cores) written += c.ubToGmBytes + c.l0cToGmBytes;
    const uint64_t total = stats.TotalGmBytes();
    return total == 0 ? 0 : static_cast<uint64_t>(static_cast<double>(bytes) * written / total);
}

double MemsetUs(uint64_t bytes, const ascendc_sim::SocInfo& soc) {
    return LaunchUs(1, false, soc.cost) + AchievableUs(static_cast<double>(bytes), soc.cost);
}

double RooflineUs(uint64_t bytes, const ascendc_sim::SocInfo& soc) {
    return static_cast<double>(bytes) / (soc.cost.memBandwidthGBps * 1e3);  // GB/s = 1e3 bytes per us
}

double AchievableRooflineUs(uint64_t bytes, uint64_t writtenBytes, const ascendc_sim::SocInfo& soc) {
    const double b = static_cast<double>(bytes), w = std::min(b, static_cast<double>(writtenBytes));
    return AchievableUs(b - L2AbsorbedBytes(b - w, w, soc.cost), soc.cost);
}

}  // namespace ascendc_sim
