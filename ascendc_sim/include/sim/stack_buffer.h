// PopStackBuffer (PopStackBuffer.md): a tensor over all of a UB position's space past the TPipe's buffers, which
// the pipe does not count as used (asc-devkit impl/basic_api/kernel_pop_stack_buffer.h: from the queues' end
// address to the position's end). Its bytes start undefined.
#pragma once
#include <cstdint>

#include "sim/pipe.h"

namespace ascendc_sim {

// The slot of the UB past the pipe's buffers; fails when none is left.
BufferSlot* PopStackSlot(const char* api);

}  // namespace ascendc_sim

namespace AscendC {

template <typename T, TPosition pos>
__aicore__ inline bool PopStackBuffer(LocalTensor<T>& popLocal, ascendc_sim::CallSite = {}) {
    static_assert(pos == TPosition::VECIN || pos == TPosition::VECOUT || pos == TPosition::VECCALC,
                  "PopStackBuffer: the twin pops UB positions (VECIN, VECOUT, VECCALC / LCM)");
    ascendc_sim::BufferSlot* slot = ascendc_sim::PopStackSlot("PopStackBuffer");
    popLocal = ascendc_sim::TensorOver<T>(slot, slot->bytes);
    return true;
}

}  // namespace AscendC
