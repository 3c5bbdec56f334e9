#include "sim/timing.h"

#include <algorithm>
#include <array>

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

// A copy: one fixed latency, then the bytes at the per-core rate, capped by this core's share of the achievable
// memory bandwidth (writes on a SoC with L2 land in L2 and are capped only by the launch-wide bound; so are reads of
// what the core itself wrote in this launch or an earlier launch left in L2, at the L2 read rate); atomic adds read
// and write. A GM address not 512-byte aligned reaches as little as 70% of the bandwidth on A2 (best practice
// "搬运优化"); the model applies that rate to the first and last 512-byte burst only (assumed: the Add README's case
// 6 copies 32 KB at 256-byte offsets with no visible loss).
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
    double cycles = p.copyLatencyCycles + moved / rate;
    if (reinterpret_cast<uintptr_t>(gm) % kGmBurstBytes != 0) {
        cycles += std::min<double>(moved, 2 * kGmBurstBytes) / rate * (1.0 / p.unalignedGmFactor - 1.0);
    }
    return cycles;
}

// Cores sharing the memory bandwidth at once: every resident block, Vector Cores of a MIX_VECTOR_CORE launch included.
uint32_t ActiveCores(const LaunchConfig& cfg) {
    const uint32_t blocks = cfg.aivPerAic != 0 ? cfg.blockDim * cfg.aivPerAic : cfg.blockDim;
    return std::max<uint32_t>(1, std::min(blocks, cfg.aivPerAic != 0 ? blocks : PhysicalCoreNum(cfg)));
}

// A Vector Core copies at its own rates (Ascend310P3.ini [VectorCoreMemoryRates]), an AI core or AIV at the SoC's.
void ChargeCopy(CoreContext& c, Pipe pipe, const void* gm, uint64_t rows, uint64_t rowBytes, uint64_t pitch,
                bool l2Bypass) {
    const ascendc_sim::SocCostParams& p = c.vectorCore ? ascendc_sim::VectorCoreCost(Soc(c)) : Soc(c).cost;
    const bool write = pipe == Pipe::kMte3;
    const uint64_t bytes = rows * rowBytes, span = rows == 0 ? 0 : (rows - 1) * pitch + rowBytes;
    const bool l2Hit = !write && !l2Bypass && bytes != 0 && p.l2ReadBytesPerCycle > 0 &&
                       (HoldsOwnWrite(c, gm, span) || L2HoldsFromEarlierLaunch(gm, span));
    if (!write && l2Bypass) c.cost.gmToUbBypassBytes += bytes;
    if (!l2Hit) {  // an L2 hit does not reach device memory
        (write ? c.cost.memWriteCost : c.cost.memReadCost) += static_cast<double>(bytes) + p.memCopyOverheadBytes;
    }
    if (write) NoteOwnWrite(c, gm, rows, rowBytes, pitch);
    ChargePipe(c, pipe, CopyCycles(p, gm, bytes, write, write && c.atomicAdd, ActiveCores(c.launch->cfg), l2Hit));
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
