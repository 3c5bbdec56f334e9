#include "sim/stack_buffer.h"

#include "sim/definedness.h"
#include "sim/kernel_rules.h"

namespace ascendc_sim {

BufferSlot* PopStackSlot(const char* api) {
    CoreContext& c = Core();
    Poll(c);
    if (c.pipe == nullptr) Fail(api, "no live TPipe on this core (GetTPipePtr is nullptr)");
    const uint64_t end = Soc(c).rules.tpipeBytes != 0 ? Soc(c).rules.tpipeBytes : c.ubBytes;  // as CheckPipeCapacity
    if (c.ubUsed >= end) Fail(api, Str("the TPipe's buffers use all ", end, " bytes of UB: nothing left to pop"));
    BufferSlot& s = c.slots.emplace_back();
    s.base = c.ub + c.ubUsed;
    s.bytes = static_cast<uint32_t>(end - c.ubUsed);
    s.state = BufferSlot::State::kAllocated;
    PoisonBuffer(c, DefSpace::kUb, c.ubUsed, s.bytes, api);
    return &s;
}

}  // namespace ascendc_sim
