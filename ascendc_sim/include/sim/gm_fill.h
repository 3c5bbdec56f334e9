// Fill of GM (高阶API/张量变换/Fill-97.md): `size` elements of a GlobalTensor set to `value`, through a UB staging
// buffer and MTE3, so it is the MTE3 write of a DataCopy to GM for pipe order, the data cache and the race checks.
#pragma once
#include <algorithm>
#include <cstdint>

#include "sim/dcache.h"
#include "sim/gm_definedness.h"
#include "sim/pipe_sync.h"
#include "sim/timing.h"
#include "sim/vector_core.h"  // kOneOf

namespace AscendC {

template <typename T>
__aicore__ inline void Fill(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value,
                            ascendc_sim::CallSite = {}) {
    using namespace ascendc_sim;
    const char* api = "Fill";
    CoreContext& c = Core();
    Poll(c);
    // 约束说明: uint16, int16, half, uint32, int32, float on Atlas A2/A3 and Atlas inference AI Core.
    RequireType<T>(api, kOneOf<T, uint16_t, int16_t, half, uint32_t, int32_t, float>);
    // 约束说明: only before the program's InitBuffer (it stages through UB the pipe would hand out).
    if (c.pipeBuffers != 0) Fail(api, "called after InitBuffer: Fill is only supported before the pipe's InitBuffer");
    if (size == 0) return;
    gmWorkspaceAddr.CheckRange(c, api, 0, size, GmAccess::kWrite);
    T* g = gmWorkspaceAddr.GetPhyAddr();
    NoteGm(c, api, Pipe::kMte3, g, size * sizeof(T), true);
    CacheDmaWrite(c, api, g, size * sizeof(T));
    std::fill(g, g + size, value);
    DefineGm(c, g, size * sizeof(T));
    c.cost.ubToGmBytes += size * sizeof(T);
    ChargeCopy(c, Pipe::kMte3, g, 1, size * sizeof(T), size * sizeof(T), false);
}

}  // namespace AscendC
