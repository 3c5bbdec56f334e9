#include "sim/context.h"
#include "sim/tensor.h"

namespace ascendc_sim {

BufferSlot* StaticSlot(const char* api, int position, uint64_t addr, uint64_t bytes) {
    CoreContext& c = Core();
    Poll(c);
    const int pos = position;
    using AscendC::TPosition;
    if (BufferSlot* cube = StaticCubeSlot(api, pos, addr, bytes)) return cube;  // A1/B1/C1/TSCM/A2/B2/CO1
    if (pos != int(TPosition::VECIN) && pos != int(TPosition::VECOUT) && pos != int(TPosition::VECCALC)) {
        Fail(api, Str("static tensors of position ", pos,
                      " are not modeled by the twin (UB and the cube's L1 / L0A / L0B / L0C positions only)"));
    }
    // Static tensors may address the whole UB (the scratch at its top is the kernel's while no API uses it).
    if (addr + bytes > c.ubBytes) {
        Fail(api, Str("static tensor [", addr, ", ", addr + bytes, ") beyond the ", c.ubBytes, "-byte UB"));
    }
    uint8_t* base = c.ub + addr;
    for (BufferSlot& s : c.slots) {
        if (s.fixed && s.base == base && s.bytes == bytes) return &s;
    }
    BufferSlot& s = c.slots.emplace_back();
    s.base = base;
    s.bytes = static_cast<uint32_t>(bytes);
    s.fixed = true;
    s.state = BufferSlot::State::kAllocated;
    return &s;
}

}  // namespace ascendc_sim
