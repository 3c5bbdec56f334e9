// Synchronisation between kernels of one stream (同步控制/任务间同步/WaitPreTaskEnd.md, SetNextTaskStart.md): on
// Atlas A2/A3 "仅保证编译兼容，实际功能不生效" (compile compatibility only). The twin runs a stream's launches one
// after another, so waiting for the previous one and releasing the next are already done.
#pragma once

#include "sim/context.h"
#include "sim/sync.h"  // pipe_t

namespace AscendC {

template <bool FORCE = false>
__aicore__ inline void WaitPreTaskEnd(ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
}

template <pipe_t AIV_PIPE = PIPE_MTE3, pipe_t AIC_PIPE = PIPE_FIX, bool FORCE = false>
__aicore__ inline void SetNextTaskStart(ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
}

}  // namespace AscendC
