// Durations of the instructions on the per-core pipe timeline (sim/pipe_sync.h), from the SoC's cost parameters.
// Each hook runs once per instruction, after its operands were noted (so its sync edges have already arrived).
#pragma once
#include <cstdint>

#include "sim/context.h"

namespace ascendc_sim {

// Bank-conflict beats of one vector repeat over the given UB operands (1 = conflict-free).
int BankBeats(const UbOperand* operands, int count, const ascendc_sim::SocCostParams& p);
// Cycles of one GM<->UB copy of `bytes` at GM address `gm` by one of `activeCores` cores; `l2Hit`: a read of bytes
// L2 holds.
double CopyCycles(const ascendc_sim::SocCostParams& p, const void* gm, uint64_t bytes, bool write, bool atomic,
                  uint32_t activeCores, bool l2Hit = false);
// The hooks: a copy on MTE2/MTE3, a UB->UB copy, a vector instruction of `repeats` 256-byte repeats, a scalar GM
// access, a cross-core barrier.
// A copy of `rows` GM rows of `rowBytes` bytes, `pitch` bytes apart.
void ChargeCopy(CoreContext& c, Pipe pipe, const void* gm, uint64_t rows, uint64_t rowBytes, uint64_t pitch,
                bool l2Bypass);
// A GM->L1 copy on the AIC (its pipes are timed from counts: CubePipeCycles).
void ChargeCubeCopy(CoreContext& c, const void* gm, uint64_t rows, uint64_t rowBytes, uint64_t pitch);
void ChargeUbCopy(CoreContext& c, uint64_t bytes);
void ChargeVector(CoreContext& c, VecClass k, uint64_t repeats);
void ChargeScalarGm(CoreContext& c);
void ChargeBarrier(CoreContext& c);
// Cores of this launch that move data at the same time (share the memory bandwidth).
uint32_t ActiveCores(const LaunchConfig& cfg);

}  // namespace ascendc_sim
