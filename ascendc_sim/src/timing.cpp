#include "sim/timing.h"

#include <algorithm>
#include <array>
#include <utility>

#include "ascendc_sim/platform/soc_cube.h"
#include "ascendc_sim/platform/soc_l2.h"
#include "ascendc_sim/platform/soc_vector_core.h"
#include "sim/cost_model.h"

namespace ascendc_sim {
namespace {
constexpr uint64_t kUbRowBytes = 32;     // one bank row (避免bank冲突（NPU架构版本2201）.md)
constexpr uint64_t kGmBurstBytes = 512;  // the GM alignment the copy best practice asks for (A2)
}  // namespace

// 避免bank冲突（NPU架构版本2201）.md: a bank group serves one row per beat; an operand starting at UB offset o is in
// group (o / 32) % 16 and bank group + 16 * (o / 64 KB). As the page's examples do, operands are compared by where
// they start (contiguous blocks): two reads in one group queue (read-read), two writes in one group queue
// (write-write), a read and a write on one bank collide (read-write).
int BankBeats(const UbOperand* operands, int count, const ascendc_sim::SocCostParams& p) {
    const int groups = static_cast<int>(p.ubBankGroups);
    if (groups <= 0 || count <= 1) return 1;
    const uint64_t span = static_cast<uint64_t>(p.ubBankGroupSpanBytes);
    auto group = [&](const UbOperand& o) { return static_cast<int>(o.offset / kUbRowBytes % groups); };
    std::array<int, 64> reads{}, writes{};
    int beats = 1;
    for (int i = 0; i < count; ++i) {
        beats = std::max(beats, ++(operands[i].write ? writes : reads)[group(operands[i])]);
        for (int r = 0; r < count && operands[i].write; ++r) {
            bool sameBank = !operands[r].write && group(operands[r]) == group(operands[i]) &&
                            operands[r].offset / span == operands[i].offset / span;
            if (sameBank) beats = std::max(beats, 2);
        }
    }
    return beats;
}

namespace {
// A GM row not 512-byte aligned reaches as little as 70% of the bandwidth on A2 (best practice "搬运优化"): the model
// charges a row that touches one 512-byte burst more than its length needs (asc-devkit data_copy README scenario 4:
// rows of 2046 B; 128-byte copies inside one burst, scenarios 1-2, lose nothing) its first and last burst at that rate.
bool ExtraBurst(uintptr_t start, uint64_t bytes) {
    if (bytes == 0) return false;
    const uint64_t touched = (start + bytes - 1) / kGmBurstBytes - start / kGmBurstBytes + 1;
    return touched > (bytes + kGmBurstBytes - 1) / kGmBurstBytes;
}

double UnalignedCycles(const ascendc_sim::SocCostParams& p, double bytes, double rate) {
    return std::min<double>(bytes, 2 * kGmBurstBytes) / rate * (1.0 / p.unalignedGmFactor - 1.0);
}

}  // namespace

// A copy holds its pipe for an issue cost plus its bytes at the per-core rate, capped by this core's share of the
// achievable memory bandwidth (writes on a SoC with L2 land in L2 and are capped only by the launch-wide bound; reads
// L2 serves run at the L2 read rate), plus the unaligned bursts of [gm, gm + bytes); its data arrive
// copyLatencyCycles later, which the next copy on the pipe overlaps (ChargeCopyPipe). Atomic adds read and write.
double CopyCycles(const ascendc_sim::SocCostParams& p, const void* gm, uint64_t bytes, bool write, bool atomic,
                  uint32_t activeCores, bool l2Hit) {
    double rate = write ? p.ubToGmBytesPerCycle : p.gmToUbBytesPerCycle;
    const double share = p.memAchievableGBps * 1e3 / p.freqMHz / std::max<uint32_t>(1, activeCores);
    if (!write && l2Hit && p.l2ReadBytesPerCycle > 0) {
        rate = p.l2ReadBytesPerCycle;
    } else if (!write || p.l2Bytes == 0) {
        rate = std::min(rate, share);
    }
    const double moved = atomic ? 2.0 * static_cast<double>(bytes) : static_cast<double>(bytes);
    double cycles = p.copyIssueCycles + moved / rate;
    if (ExtraBurst(reinterpret_cast<uintptr_t>(gm), bytes)) cycles += UnalignedCycles(p, moved, rate);
    return cycles;
}

namespace {
// Rows of a strided copy touching one 512-byte burst more than they need. Whether a row does depends on its start
// modulo the burst only, which repeats every 512 / gcd(pitch, 512) rows: one period is counted, not every row.
uint64_t UnalignedRows(uintptr_t start, uint64_t rows, uint64_t rowBytes, uint64_t pitch) {
    uint64_t g = kGmBurstBytes, q = pitch % kGmBurstBytes;
    while (q != 0) g = std::exchange(q, g % q);
    const uint64_t period = std::min(rows, kGmBurstBytes / g);
    uint64_t inPeriod = 0, inTail = 0;
    const uint64_t tail = period == 0 ? 0 : rows % period;
    for (uint64_t r = 0; r < period; ++r) {
        const bool extra = ExtraBurst(start + r * pitch, rowBytes);
        inPeriod += extra;
        if (r < tail) inTail += extra;
    }
    return period == 0 ? 0 : rows / period * inPeriod + inTail;
}

// The unaligned bursts of each row of a strided copy.
double UnalignedRowCycles(const ascendc_sim::SocCostParams& p, const void* gm, uint64_t rows, uint64_t rowBytes,
                          uint64_t pitch, double rate) {
    if (p.unalignedGmFactor >= 1.0) return 0.0;
    const uint64_t unaligned = UnalignedRows(reinterpret_cast<uintptr_t>(gm), rows, rowBytes, pitch);
    return static_cast<double>(unaligned) * UnalignedCycles(p, static_cast<double>(rowBytes), rate);
}
}  // namespace

// Cores sharing the memory bandwidth at once: every resident block, Vector Cores of a MIX_VECTOR_CORE launch included.
uint32_t ActiveCores(const LaunchConfig& cfg) {
    const uint32_t blocks = cfg.aivPerAic != 0 ? cfg.blockDim * cfg.aivPerAic : cfg.blockDim;
    return std::max<uint32_t>(1, std::min(blocks, cfg.aivPerAic != 0 ? blocks : PhysicalCoreNum(cfg)));
}

// A Vector Core copies at its own rates (Ascend310P3.ini [VectorCoreMemoryRates]), an AI core or AIV at the SoC's.
// A read's L2 share: all of it when the core wrote those bytes in this launch or an earlier launch left them in L2,
// else the part this core read earlier in the launch that L2 still holds (NoteOwnRead).
void ChargeCopy(CoreContext& c, Pipe pipe, const void* gm, uint64_t rows, uint64_t rowBytes, uint64_t pitch,
                bool l2Bypass) {
    const uint32_t active = ActiveCores(c.launch->cfg);
    ascendc_sim::SocCostParams p = c.vectorCore ? ascendc_sim::VectorCoreCost(Soc(c)) : Soc(c).cost;
    if (const double peak = ascendc_sim::L2PeakGBps(Soc(c).version); peak > 0) {  // the cores share the L2's peak
        p.l2ReadBytesPerCycle = std::min(p.l2ReadBytesPerCycle, peak * 1e3 / p.freqMHz / active);
    }
    const bool write = pipe == Pipe::kMte3;
    const uint64_t bytes = rows * rowBytes, span = rows == 0 ? 0 : (rows - 1) * pitch + rowBytes;
    double hit = 0.0;
    if (!write && !l2Bypass && bytes != 0 && p.l2ReadBytesPerCycle > 0) {
        const bool held = HoldsOwnWrite(c, gm, span) || L2HoldsFromEarlierLaunch(gm, span);
        const double reread = NoteOwnRead(c, gm, rows, rowBytes, pitch, p.l2Bytes, active);
        hit = held ? 1.0 : reread;
    }
    if (!write && l2Bypass) c.cost.gmToUbBypassBytes += bytes;
    const double b = static_cast<double>(bytes);
    if (hit < 1.0) {  // what L2 serves does not reach device memory
        const double overhead = static_cast<double>(rows) * p.memCopyOverheadBytes;  // each row is its own burst run
        (write ? c.cost.memWriteCost : c.cost.memReadCost) += (b + overhead) * (1.0 - hit);
    }
    c.cost.l2HitReadBytes += static_cast<uint64_t>(b * hit);
    if (write) NoteOwnWrite(c, gm, rows, rowBytes, pitch);
    const bool atomic = write && c.atomicAdd, strided = rows > 1 && pitch != rowBytes;
    // a strided copy's rows are charged their unaligned bursts one by one (the whole copy as if aligned)
    const void* whole = strided ? nullptr : gm;
    double cycles = CopyCycles(p, whole, bytes, write, atomic, active, false);
    if (hit > 0.0) cycles = (1.0 - hit) * cycles + hit * CopyCycles(p, whole, bytes, write, atomic, active, true);
    if (strided) {
        const double rate = write ? p.ubToGmBytesPerCycle : p.gmToUbBytesPerCycle;
        const double share = p.memAchievableGBps * 1e3 / p.freqMHz / active;
        cycles +=
            UnalignedRowCycles(p, gm, rows, rowBytes, pitch, write && p.l2Bytes > 0 ? rate : std::min(rate, share));
    }
    const double begin = ChargeCopyPipe(c, pipe, cycles, p.copyLatencyCycles);
    if (!write && bytes != 0 && active > 1) {  // the rows, not the span: a strided copy does not read its gaps
        const auto rowsRead = StridedRange::Unmerged(reinterpret_cast<uintptr_t>(gm), rows, rowBytes, pitch);
        c.ownReads.stamps.push_back({rowsRead, begin, begin + cycles, l2Bypass});
    }
}

// The AIC's MTE2 is timed from counts (CubePipeCycles): each GM->L1 copy adds its issue cost, and each row touching
// one more 512-byte burst than it needs its first and last burst at the AIC's unaligned rate (the AIV's rule, with
// the factor the data_copy README's GM->L1 scenario 3 measures: soc_cost_sources.cpp).
void ChargeCubeCopy(CoreContext& c, const void* gm, uint64_t rows, uint64_t rowBytes, uint64_t pitch) {
    const ascendc_sim::SocInfo& soc = Soc(c);
    const ascendc_sim::SocCubeInfo* cube = ascendc_sim::FindSocCubeInfo(soc.version);
    if (cube == nullptr) return;
    double cycles = soc.cost.aicCopyCycles;
    if (soc.cost.aicUnalignedFactor > 0 && soc.cost.aicUnalignedFactor < 1.0) {
        ascendc_sim::SocCostParams p = soc.cost;
        p.unalignedGmFactor = soc.cost.aicUnalignedFactor;
        cycles += UnalignedRowCycles(p, gm, rows, rowBytes, pitch, cube->gmToL1BytesPerCycle);
    }
    c.cost.gmToL1CopyCycles += cycles;
}

// UB->UB DataCopy runs on PIPE_V (docs/twin.md Assumptions): one issue plus a simple repeat per 256 bytes.
void ChargeUbCopy(CoreContext& c, uint64_t bytes) {
    const ascendc_sim::SocCostParams& p = Soc(c).cost;
    ChargePipe(c, Pipe::kV, p.vecIssueCycles + static_cast<double>((bytes + 255) / 256) * p.vecCyclesPerRepeat);
}

void ChargeVector(CoreContext& c, VecClass k, uint64_t repeats) {
    const ascendc_sim::SocCostParams& p = Soc(c).cost;
    int count = 0;
    const UbOperand* ops = CurrentUbOperands(c, &count);
    const double perRepeat = p.vecCyclesPerRepeat * VecClassFactor(k) * BankBeats(ops, count, p);
    ChargePipe(c, Pipe::kV, p.vecIssueCycles + static_cast<double>(repeats) * perRepeat);
}

void ChargeScalarGm(CoreContext& c) { ChargePipe(c, Pipe::kS, Soc(c).cost.scalarGmAccessCycles); }

// SyncAll (hardware or soft) is the twin's only cross-core barrier.
void ChargeBarrier(CoreContext& c) { ChargeAllPipes(c, Soc(c).cost.barrierCycles, "SyncAll"); }

}  // namespace ascendc_sim
