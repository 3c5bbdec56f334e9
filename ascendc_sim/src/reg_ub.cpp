// The UB accesses of the register API (sim/reg/reg_ub.h) and its register limits (sim/reg/reg_state.h).
#include "sim/reg/reg_ub.h"

#include <algorithm>
#include <cstring>
#include <map>

#include "sim/definedness.h"
#include "sim/pipe_sync.h"
#include "sim/reg/reg_state.h"
#include "sim/timing.h"

namespace ascendc_sim::reg {

namespace {

// A UB range a vector store of the current VF wrote: which register, where, and which later accesses must wait
// for it (LocalMemBar clears them).
struct VfStore {
    uint64_t end = 0;
    const void* reg = nullptr;
    const char* api = nullptr;
    SourceLine line;
    bool holdsLoads = true;
    bool holdsStores = true;
    uint64_t loadBarrier = 0;  // the access count when a LocalMemBar<VEC_STORE, VEC_LOAD> released it
};
struct VfOrder {
    int depth = 0;
    uint64_t loads = 0;                  // vector loads so far in this VF
    std::map<uint64_t, VfStore> stores;  // disjoint, keyed by begin; the last store of a byte owns it
};
thread_local VfOrder tlsVfOrder;

// Keeps only the parts of the store ranges outside [b, e).
void CutStores(std::map<uint64_t, VfStore>& m, uint64_t b, uint64_t e) {
    auto it = m.upper_bound(b);
    if (it != m.begin() && std::prev(it)->second.end > b) --it;
    while (it != m.end() && it->first < e) {
        const uint64_t lo = it->first;
        VfStore s = it->second;
        it = m.erase(it);
        if (lo < b) m.emplace(lo, VfStore{b, s.reg, s.api, s.line, s.holdsLoads, s.holdsStores});
        if (s.end > e) {
            it = m.emplace(e, s).first;
            ++it;
        }
    }
}

// LocalMemBar doc (功能说明): a load or store of UB bytes a vector store of the same VF wrote from another register
// is unordered without LocalMemBar; the same register keeps the order (寄存器保序).
void CheckVfOrder(const char* api, uint64_t b, uint64_t e, const void* reg, bool load) {
    VfOrder& o = tlsVfOrder;
    if (o.depth == 0 || o.stores.empty()) return;
    auto it = o.stores.upper_bound(b);
    if (it != o.stores.begin() && std::prev(it)->second.end > b) --it;
    for (; it != o.stores.end() && it->first < e; ++it) {
        const VfStore& s = it->second;
        if (s.reg == reg || !(load ? s.holdsLoads : s.holdsStores)) continue;
        // A store after a load that waited for this one (LocalMemBar<VEC_STORE, VEC_LOAD>) is ordered through the
        // loaded register (the twin does not follow which register a store's value came from).
        if (!load && !s.holdsLoads && o.loads > s.loadBarrier) continue;
        const uint64_t lo = std::max(b, it->first), hi = std::min(e, s.end);
        Fail(api, Str(load ? "reads" : "writes", " UB bytes [", lo, ", ", hi, ") that ", s.api,
                      s.line ? Str(" (", s.line.file, ":", s.line.line, ")") : std::string(),
                      " wrote in this VF from another register, with no LocalMemBar<MemType::VEC_STORE, MemType::",
                      load ? "VEC_LOAD" : "VEC_STORE",
                      "> between: the vector load and store pipes of a VF are not ordered (LocalMemBar doc)"));
    }
}

void CheckUbRange(CoreContext& c, const char* api, uint64_t at, uint32_t bytes) {
    if (at + bytes > c.ubBytes) {
        Fail(api, Str("UB bytes [", at, ", ", at + bytes, ") beyond the core's ", c.ubBytes, "-byte UB"));
    }
}

}  // namespace

void CountVectorReg(uint32_t regs) {
    tlsRegCounts.vector += regs;
    if (tlsRegCounts.vector > kVectorRegs) {
        tlsRegCounts.vector -= regs;
        Fail("RegTensor", Str("a VF holds at most ", kVectorRegs, " vector registers and this one is number ",
                              tlsRegCounts.vector + regs,
                              " live (Reg best practices, softmax_high_performance README: <=32 RegTensor)"));
    }
}

void CountMaskReg() {
    if (++tlsRegCounts.mask > kMaskRegs) {
        --tlsRegCounts.mask;
        Fail("MaskReg", Str("a VF holds at most ", kMaskRegs, " mask registers and this one is number ", kMaskRegs + 1,
                            " live (Reg best practices, softmax_high_performance README: <=8 MaskReg)"));
    }
}

void UbRead(const char* api, uint64_t at, uint32_t bytes, uint8_t* out, bool* undef, UndefOrigin* origin,
            const void* reg, uint32_t ordered) {
    CoreContext& c = Core();
    Poll(c);
    CheckUbRange(c, api, at, bytes);
    const uint32_t checked = std::min(bytes, ordered);
    if (checked > 0) {
        NoteUbOperand(c, api, "src", c.ub + at, checked);
        c.def.pending.handled = true;  // the register side is this file's, not the generic flow's
        CheckVfOrder(api, at, at + checked, reg, true);
    }
    ++tlsVfOrder.loads;
    std::memcpy(out, c.ub + at, bytes);
    std::fill(undef, undef + bytes, false);
    c.def.ub.ForEachUndef(at, at + bytes, [&](uint64_t lo, uint64_t hi, const UndefOrigin& o) {
        if (o.clobbered) RequireDefinedUb(c, api, lo, hi - lo);  // scratch-clobbered data: fails there
        std::fill(undef + (lo - at), undef + (hi - at), true);
        if (origin != nullptr) *origin = o;
    });
}

void UbWrite(const char* api, uint64_t at, uint32_t bytes, const uint8_t* data, const bool* undef,
             const UndefOrigin& origin, const void* reg) {
    CoreContext& c = Core();
    Poll(c);
    CheckUbRange(c, api, at, bytes);
    NoteUbOperand(c, api, "dst", c.ub + at, bytes);
    c.def.pending.handled = true;
    CheckVfOrder(api, at, at + bytes, reg, false);
    std::memcpy(c.ub + at, data, bytes);
    UndefOrigin carried = origin;
    carried.via = api;
    carried.viaLine = tlsCallLine;
    for (uint32_t i = 0; i < bytes;) {
        uint32_t j = i;
        while (j < bytes && undef[j] == undef[i]) ++j;
        if (undef[i]) {
            c.def.ub.Poison(at + i, at + j, carried);
        } else {
            c.def.ub.Define(at + i, at + j);
        }
        i = j;
    }
    VfOrder& o = tlsVfOrder;
    if (o.depth > 0) {
        CutStores(o.stores, at, at + bytes);
        o.stores.emplace(at, VfStore{at + bytes, reg, api, tlsCallLine, true, true});
    }
}

void RequireUbAlign(const char* api, uint64_t at, uint32_t align, const char* doc) {
    if (at % align != 0) Fail(api, Str("UB address ", at, " is not ", align, "-byte aligned (", doc, ")"));
}

void ChargeRegInstr(VecClass k) {
    CoreContext& c = Core();
    ++c.cost.vecRepeats[static_cast<int>(k)];
    ++c.cost.vecInstrs;
    ChargeVector(c, k, 1);
}

void EnterVf() {
    if (tlsVfOrder.depth++ == 0) {
        tlsVfOrder.stores.clear();
        tlsVfOrder.loads = 0;
    }
}

void LeaveVf() {
    if (--tlsVfOrder.depth == 0) tlsVfOrder.stores.clear();
}

void MemBar(int src, int dst) {
    constexpr int kStore = 0, kLoad = 1, kAll = 4;  // MemType::VEC_STORE, VEC_LOAD, VEC_ALL
    if (src != kStore && src != kAll) return;       // only a vector store holds later accesses back here
    const bool loads = dst == kLoad || dst == kAll, stores = dst == kStore || dst == kAll;
    for (auto it = tlsVfOrder.stores.begin(); it != tlsVfOrder.stores.end();) {
        if (loads && it->second.holdsLoads) {
            it->second.holdsLoads = false;
            it->second.loadBarrier = tlsVfOrder.loads;
        }
        if (stores) it->second.holdsStores = false;
        it = !it->second.holdsLoads && !it->second.holdsStores ? tlsVfOrder.stores.erase(it) : std::next(it);
    }
}

}  // namespace ascendc_sim::reg
