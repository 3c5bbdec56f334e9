// Deterministic computation by sequential cores (InitDetermineComputeWorkspace.md, WaitPreBlock.md,
// NotifyNextBlock.md): the cores pass in blockIdx order, round after round. As asc-devkit's dav_c220
// kernel_operator_determine_compute_sync_impl.h keeps it: a 32-byte GM slot per core (core 0 zeroes them at Init;
// gmWorkspace needs not start zeroed) and the core's round in ubWorkspace past them; core i waits in round k until
// slots 0..i-1 hold k and the rest 0, notifying writes k to its slot (the last core zeroes all). gmWorkspace needs
// GetBlockNum() x 32 bytes, ubWorkspace 32 more. A notify carries the core's clock to the next waiter (sim/gm_race.h).
#pragma once
#include <cstdint>

#include "sim/tensor.h"

namespace ascendc_sim {

enum class DetermineStep : uint8_t { kInit, kWait, kNotify };
void DetermineSync(DetermineStep step, const AscendC::GlobalTensor<int32_t>& gm,
                   const AscendC::LocalTensor<int32_t>& ub);

}  // namespace ascendc_sim

namespace AscendC {

__aicore__ inline void InitDetermineComputeWorkspace(GlobalTensor<int32_t>& gmWorkspace,
                                                     LocalTensor<int32_t>& ubWorkspace, ascendc_sim::CallSite = {}) {
    ascendc_sim::DetermineSync(ascendc_sim::DetermineStep::kInit, gmWorkspace, ubWorkspace);
}
__aicore__ inline void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace,
                                    ascendc_sim::CallSite = {}) {
    ascendc_sim::DetermineSync(ascendc_sim::DetermineStep::kWait, gmWorkspace, ubWorkspace);
}
__aicore__ inline void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace,
                                       ascendc_sim::CallSite = {}) {
    ascendc_sim::DetermineSync(ascendc_sim::DetermineStep::kNotify, gmWorkspace, ubWorkspace);
}

}  // namespace AscendC
