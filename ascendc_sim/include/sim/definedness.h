// Definedness, as valgrind's memcheck has it: bytes of UB, of the cube buffers and of device memory that no
// instruction (nor the host, through aclrtMemcpy / aclrtMemset) wrote hold no defined value. Each instruction carries
// definedness from its sources to its destination over the bytes it touches (its operands' footprints), element by
// element where it works element-wise; undefined bytes are an error where they leave the kernel or steer it: a GM
// output, a scalar read (GetValue, a reduction's register; a branch needs one first).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "sim/call_site.h"
#include "sim/undef_map.h"

namespace ascendc_sim {

struct CoreContext;

// The bytes an operand touches and the elements they hold: `groups` groups `groupPitch` bytes apart, each of `runs`
// runs `runPitch` bytes apart; a run holds `runElems` elements of `elemBits` bits, a group's last run
// `lastRunElems`. Group g, run r starts element firstElem + g * ElemsPerGroup() + r * runElems. A count-form operand
// is one run; a repeat form's, a group per repeat and a run per 32-byte block under the mask; a strided copy's, a
// run per row.
struct Footprint {
    uint64_t base = 0;  // UB offset, cube-space offset or GM address
    uint32_t elemBits = 8;
    uint64_t groups = 1, groupPitch = 0;
    uint64_t runs = 1, runPitch = 0;
    uint64_t runElems = 0, lastRunElems = 0;
    uint64_t firstElem = 0, firstGroup = 0;  // where this footprint's numbering starts (a mask plan's tail repeat)

    static Footprint Contiguous(uint64_t base, uint64_t elems, uint32_t elemBits);
    static Footprint Rows(uint64_t base, uint64_t count, uint64_t rowBytes, uint64_t pitch);
    // A repeat form's operand: `repeats` repeats of `lanes` elements of `elemBytes`, strides in 32-byte blocks.
    static Footprint Repeats(uint64_t base, uint32_t elemBytes, uint64_t lanes, uint64_t repeats, uint64_t blkStride,
                             uint64_t repStride);
    uint64_t ElemsPerGroup() const { return (runs - 1) * runElems + lastRunElems; }
    uint64_t BytesOf(uint64_t elems) const { return (elems * elemBits + 7) / 8; }
    uint64_t End() const;  // one past the last byte
    // The disjoint byte ranges it touches, in address order (touching runs merged): what the pipe order checks.
    void ByteRanges(std::vector<std::pair<uint64_t, uint64_t>>& out) const;
    bool Empty() const { return groups == 0 || ElemsPerGroup() == 0; }
    // f(begin, end, firstElem, elems, group, run) for every run (run: its index in its group).
    template <typename F>
    void ForEachRun(F&& f) const {
        if (Empty()) return;
        const uint64_t perGroup = ElemsPerGroup();
        for (uint64_t g = 0; g < groups; ++g) {
            for (uint64_t r = 0; r < runs; ++r) {
                const uint64_t b = base + g * groupPitch + r * runPitch;
                const uint64_t n = r + 1 == runs ? lastRunElems : runElems;
                f(b, b + BytesOf(n), firstElem + g * perGroup + r * runElems, n, firstGroup + g, r);
            }
        }
    }
    bool Contiguous() const { return groups == 1 && runs == 1; }
};

// How an instruction's destination units depend on its sources: element i on elements i (element-wise, converting
// copies); run r of group g on run r of group g (per-block reductions: a block's result on the block); group g (a
// repeat) on group g (per-repeat reductions); everything on everything.
enum class Flow : uint8_t { kElementwise, kRunwise, kGrouped, kWhole };

enum class DefSpace : uint8_t { kUb, kCube };

struct FlowOperand {
    Footprint fp;
    DefSpace space = DefSpace::kUb;
    bool whole = false;  // a source any undefined byte of which taints every destination unit (a selection mask
                         // read by position modulo a repeat, a gather's table)
};

// One side of a flow in any space: `map` holds the definedness of addresses fp.base - bias and on.
struct FlowSide {
    const Footprint* fp;
    UndefMap* map;
    uint64_t bias;
    DefSpace space;
    bool whole = false;
};
// The first undefined bytes a side holds, and why.
struct UndefFound {
    bool any = false;
    UndefOrigin origin;
    uint64_t lo = 0, hi = 0;  // addresses of the side's space (bias added back)
};
// The engine behind Propagate (and the GM copies, sim/gm_definedness.h): what the sources held undefined flows to
// the destinations, unit by unit; returns the first undefined source bytes.
UndefFound FlowEngine(CoreContext& c, const char* api, Flow flow, const FlowSide* dsts, std::size_t nd,
                      const FlowSide* srcs, std::size_t ns);
// The first undefined bytes of one side (no flow); reading clobbered data fails.
UndefFound FirstUndef(CoreContext& c, const char* api, const FlowSide& side);

// What a scratch-using API leaves in the bytes it overwrote (any value the kernel did not write).
inline constexpr uint8_t kScratchPattern = 0x5A;

// The instruction `api` wrote `dst` from `srcs` (UB or cube buffers of the calling core). Reading bytes an API's
// scratch clobbered fails here.
UndefFound Propagate(CoreContext& c, const char* api, Flow flow, const FlowOperand* dsts, std::size_t nd,
                     const FlowOperand* srcs, std::size_t ns);
inline UndefFound Propagate(CoreContext& c, const char* api, Flow flow, std::initializer_list<FlowOperand> dsts,
                            std::initializer_list<FlowOperand> srcs) {
    return Propagate(c, api, flow, dsts.begin(), dsts.size(), srcs.begin(), srcs.size());
}
inline UndefFound Propagate(CoreContext& c, const char* api, Flow flow, const std::vector<FlowOperand>& dsts,
                            const std::vector<FlowOperand>& srcs) {
    return Propagate(c, api, flow, dsts.data(), dsts.size(), srcs.data(), srcs.size());
}
// Gather (count form): dst element i (`elemBytes`) takes the definedness of offset i and of the src element the
// offset picks (UB byte address srcBase + offsets[i]); exact per element, scanned only when src holds undefined
// bytes between `lowest` and `highest`.
void GatherFlow(CoreContext& c, const char* api, uint64_t dst, uint64_t offsetsAt, const uint32_t* offsets,
                uint64_t srcBase, uint32_t count, uint32_t elemBytes, uint64_t lowest, uint64_t highest);
// A packing gather: dst element i (packed from UB byte address dst) is steered by `steer` (by `flow`; none: defined)
// and takes on, byte for byte, the undefined bytes the src element at srcBase + offsets[i] held before the write (dst
// may overlap src); src is scanned only when it holds undefined bytes between `lowest` and `highest`.
void PickFlow(CoreContext& c, const char* api, uint64_t dst, const uint32_t* offsets, uint64_t srcBase, uint32_t count,
              uint32_t elemBytes, uint64_t lowest, uint64_t highest, Flow flow = Flow::kWhole,
              const FlowOperand* steer = nullptr);
// dst bytes become defined (a fill from a scalar, an index ramp, a pad value).
void DefineBytes(CoreContext& c, DefSpace space, const Footprint& dst);
// dst bytes become undefined for `origin` (allocation, a pad of unspecified value).
void PoisonBytes(CoreContext& c, DefSpace space, const Footprint& dst, const UndefOrigin& origin);
// A scalar store of UB bytes.
void DefineUbBytes(CoreContext& c, uint64_t b, uint64_t bytes);
// Fails when [b, b + bytes) of UB holds an undefined byte: a scalar read (`api` names it).
void RequireDefinedUb(CoreContext& c, const char* api, uint64_t b, uint64_t bytes);

// Register definedness: the CmpMask register and the reductions' special registers.
enum class SpecialReg : uint8_t { kCmpMask, kReduce, kCount };
void SetRegDefined(CoreContext& c, SpecialReg r, bool defined);
// A register read into the scalar unit (GetReduceRepeatSumSpr ...): fails when it holds an undefined value.
void RequireDefinedReg(CoreContext& c, const char* api, SpecialReg r);

// The operands an instruction noted (pipe_sync.cpp) until it states its flow or the next one begins.
struct PendingFlow {
    struct Operand {
        uint64_t b, e;
        bool dst;
    };
    const char* api = nullptr;
    SourceLine line;
    bool handled = false;
    uint8_t count = 0;
    Operand ops[6];
};

// A core's definedness: UB and the cube buffers (offset + buffer << kCubeBufferShift), the registers.
struct LocalDefinedness {
    UndefMap ub, cube;
    bool regUndef[static_cast<int>(SpecialReg::kCount)] = {};
    PendingFlow pending;
};

// The generic fallback for an instruction that states no flow: its destinations take the definedness of all its
// sources together (pipe_sync.cpp notes the operands, commits at the next instruction).
void NoteFlowOperand(CoreContext& c, const char* api, uint64_t b, uint64_t bytes, bool dst, bool fresh);
void CommitPendingFlow(CoreContext& c);

// At kernel start: all UB, L1 and L0 undefined. AllocTensor / InitBuffer: the buffer undefined again.
void ResetLocalDefinedness(CoreContext& c);
void PoisonBuffer(CoreContext& c, DefSpace space, uint64_t b, uint64_t bytes, const char* api);

// An API that uses the TMP_UB_OFFSET scratch (`bytes` from its start) ran: what it overwrote is undefined, and live
// data it overwrote may not be read afterwards.
void UseUbScratch(CoreContext& c, const char* api, uint64_t offset, uint64_t bytes);

// Fails for undefined bytes that reached a sink (the launch then looks for a race that explains them).
[[noreturn]] void FailUndefined(CoreContext& c, const char* api, const std::string& what);

// The describing message of the first undefined byte of [lo, hi) with its origin (for sinks elsewhere).
std::string UndefText(const char* space, uint64_t lo, uint64_t hi, const UndefOrigin& origin);

}  // namespace ascendc_sim
