#include "sim/definedness.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "sim/context.h"

namespace ascendc_sim {

namespace {

// Intervals sorted, overlapping or touching ones merged.
void SortAndMerge(std::vector<std::pair<uint64_t, uint64_t>>& v) {
    std::sort(v.begin(), v.end());
    std::size_t n = 0;
    for (const auto& iv : v) {
        if (n > 0 && iv.first <= v[n - 1].second) {
            v[n - 1].second = std::max(v[n - 1].second, iv.second);
        } else {
            v[n++] = iv;
        }
    }
    v.resize(n);
}

}  // namespace

// ---- Footprints ----

Footprint Footprint::Contiguous(uint64_t base, uint64_t elems, uint32_t elemBits) {
    Footprint f;
    f.base = base;
    f.elemBits = elemBits;
    f.runElems = f.lastRunElems = elems;
    return f;
}

Footprint Footprint::Rows(uint64_t base, uint64_t count, uint64_t rowBytes, uint64_t pitch) {
    Footprint f;
    f.base = base;
    f.groups = count;
    f.groupPitch = pitch;
    f.runElems = f.lastRunElems = rowBytes;
    return f;
}

Footprint Footprint::Repeats(uint64_t base, uint32_t elemBytes, uint64_t lanes, uint64_t repeats, uint64_t blkStride,
                             uint64_t repStride) {
    const uint64_t perBlock = 32 / elemBytes;
    Footprint f;
    f.base = base;
    f.elemBits = elemBytes * 8;
    f.groups = repeats;
    f.groupPitch = repStride * 32;
    f.runs = std::max<uint64_t>(1, (lanes + perBlock - 1) / perBlock);
    f.runPitch = blkStride * 32;
    f.runElems = f.runs > 1 ? perBlock : lanes;
    f.lastRunElems = lanes - (f.runs - 1) * f.runElems;
    return f;
}

uint64_t Footprint::End() const {
    if (Empty()) return base;
    const uint64_t lastGroup = base + (groups - 1) * groupPitch;
    uint64_t end = lastGroup + (runs - 1) * runPitch + BytesOf(lastRunElems);
    if (runs > 1) end = std::max(end, lastGroup + (runs - 2) * runPitch + BytesOf(runElems));  // a short last run
    return end;
}

void Footprint::ByteRanges(std::vector<std::pair<uint64_t, uint64_t>>& out) const {
    out.clear();
    if (Empty()) return;
    // A group whose runs leave no gap (one run, touching runs, or a block stride of 0: every run on the same bytes)
    // is one span; such groups closer than their span are one range, else a range each (no run by run walk).
    const bool solidGroup = runs == 1 || runPitch <= BytesOf(runElems);
    if (solidGroup) {
        const uint64_t groupBytes = End() - (base + (groups - 1) * groupPitch);  // the last group's span
        if (groups == 1 || groupPitch <= groupBytes) {
            out.emplace_back(base, End());
            return;
        }
        for (uint64_t g = 0; g < groups; ++g)
            out.emplace_back(base + g * groupPitch, base + g * groupPitch + groupBytes);
        return;
    }
    // Runs a whole number of group pitches apart (a block stride above the repeat stride: a transposed walk). With
    // at least that many groups, run r of group g starts at base + (g + r * q) * groupPitch and every start up to
    // the last is taken, each by a run of at least a group pitch: the union is one span.
    const uint64_t shortestRun = std::min(BytesOf(runElems), BytesOf(lastRunElems));
    if (groupPitch > 0 && runPitch % groupPitch == 0 && groups >= runPitch / groupPitch && shortestRun >= groupPitch) {
        out.emplace_back(base, End());
        return;
    }
    // The groups of a run end before the next run's first group starts: run-major order is address order.
    if (groupPitch > 0 && runPitch >= (groups - 1) * groupPitch) {
        for (uint64_t r = 0; r < runs; ++r) {
            const uint64_t len = BytesOf(r + 1 == runs ? lastRunElems : runElems);
            for (uint64_t g = 0; g < groups; ++g) {
                const uint64_t b = base + g * groupPitch + r * runPitch;
                if (!out.empty() && b <= out.back().second) {
                    out.back().second = std::max(out.back().second, b + len);
                } else {
                    out.emplace_back(b, b + len);
                }
            }
        }
        return;
    }
    bool sorted = true;
    ForEachRun([&](uint64_t b, uint64_t e, uint64_t, uint64_t, uint64_t, uint64_t) {
        if (!out.empty() && b <= out.back().second) {
            if (b < out.back().first) sorted = false;
            if (sorted) return void(out.back().second = std::max(out.back().second, e));
        }
        out.emplace_back(b, e);
    });
    if (!sorted) SortAndMerge(out);  // groups closer than their span (a repeat stride below the blocks read)
}

namespace {

// Disjoint intervals of unit indices (elements or groups), or all of them.
class UnitSet {
public:
    void Add(uint64_t lo, uint64_t hi) {
        if (lo < hi) v_.emplace_back(lo, hi);
    }
    void SetAll() { all_ = true; }
    bool Empty() const { return !all_ && v_.empty(); }
    bool All() const { return all_; }
    void Normalize() { SortAndMerge(v_); }
    // f(lo, hi) for each part of [b, e) in the set.
    template <typename F>
    void ForEachOverlap(uint64_t b, uint64_t e, F&& f) const {
        if (all_) return f(b, e);
        auto it = std::upper_bound(v_.begin(), v_.end(), std::make_pair(b, UINT64_MAX));
        if (it != v_.begin() && std::prev(it)->second > b) it = std::prev(it);
        for (; it != v_.end() && it->first < e; ++it) f(std::max(it->first, b), std::min(it->second, e));
    }

private:
    std::vector<std::pair<uint64_t, uint64_t>> v_;
    bool all_ = false;
};

// A run's unit in a runwise flow: runs of one group are numbered apart from any other group's.
constexpr uint64_t RunUnit(uint64_t group, uint64_t run) { return (group << 20) + run; }

UndefMap& MapOf(CoreContext& c, DefSpace s) { return s == DefSpace::kUb ? c.def.ub : c.def.cube; }

const char* SpaceName(DefSpace s) { return s == DefSpace::kUb ? "UB" : "cube buffer"; }

std::string Hex(uint64_t v) { return Str("0x", std::hex, v); }

std::string LineText(const SourceLine& l) { return l ? Str(" at ", l.file, ":", l.line) : std::string(); }

[[noreturn]] void FailClobbered(CoreContext& c, const char* api, DefSpace s, uint64_t lo, uint64_t hi,
                                const UndefOrigin& o) {
    const uint64_t at = Soc(c).rules.ubUsableBytes;
    Fail(api, Str(api, " reads ", SpaceName(s), " [", Hex(lo), ", ", Hex(hi), "), live data that ", o.api,
                  LineText(o.line), " overwrote with its scratch at TMP_UB_OFFSET (UB ", Hex(at), " up, ", Soc(c).name,
                  "; kernel_utils_constants.h): keep live data out of those bytes across ", o.api,
                  " (TPipe may hand them out, the scratch does not ask), or write them again after it"));
}

// The units of `fp` (in `m`, addresses minus `bias`) that hold undefined bytes; the first origin met.
void Collect(CoreContext& c, const char* api, Flow flow, DefSpace space, const Footprint& fp, const UndefMap& m,
             uint64_t bias, UnitSet& units, UndefFound* found) {
    if (m.Empty() || !m.AnyUndef(fp.base - bias, fp.End() - bias)) return;
    fp.ForEachRun([&](uint64_t b, uint64_t e, uint64_t elem0, uint64_t n, uint64_t group, uint64_t run) {
        m.ForEachUndef(b - bias, e - bias, [&](uint64_t lo, uint64_t hi, const UndefOrigin& o) {
            if (o.clobbered) FailClobbered(c, api, space, lo, hi, o);
            if (!found->any) *found = {true, o, lo + bias, hi + bias};
            if (flow == Flow::kWhole) return units.SetAll();
            if (flow == Flow::kGrouped) return units.Add(group, group + 1);
            if (flow == Flow::kRunwise) return units.Add(RunUnit(group, run), RunUnit(group, run) + 1);
            const uint64_t from = (lo + bias - b) * 8 / fp.elemBits;
            const uint64_t to = std::min(n, ((hi + bias - b) * 8 + fp.elemBits - 1) / fp.elemBits);
            units.Add(elem0 + from, elem0 + to);
        });
    });
}

// f(b, e) for each of fp's byte ranges, touching runs as one (a copy's contiguous rows: one map update, not one per
// row).
template <typename F>
void ForEachByteRange(const Footprint& fp, F&& f) {
    thread_local std::vector<std::pair<uint64_t, uint64_t>> ranges;
    fp.ByteRanges(ranges);
    for (const auto& [b, e] : ranges) f(b, e);
}

// dst's runs: defined, except the units in `units`, which take `origin`.
void Apply(Flow flow, const Footprint& fp, UndefMap& m, uint64_t bias, const UnitSet& units,
           const UndefOrigin& origin) {
    if (units.Empty()) {
        if (m.Empty() || !m.AnyUndef(fp.base - bias, fp.End() - bias)) return;
        ForEachByteRange(fp, [&](uint64_t b, uint64_t e) { m.Define(b - bias, e - bias); });
        return;
    }
    fp.ForEachRun([&](uint64_t b, uint64_t e, uint64_t elem0, uint64_t n, uint64_t group, uint64_t run) {
        m.Define(b - bias, e - bias);
        if (flow == Flow::kWhole || units.All()) return m.Poison(b - bias, e - bias, origin);
        const bool whole = flow == Flow::kGrouped || flow == Flow::kRunwise;  // the run is one unit
        const uint64_t unit0 = flow == Flow::kGrouped ? group : flow == Flow::kRunwise ? RunUnit(group, run) : elem0;
        const uint64_t unitN = whole ? 1 : n;
        units.ForEachOverlap(unit0, unit0 + unitN, [&](uint64_t ulo, uint64_t uhi) {
            if (whole) return m.Poison(b - bias, e - bias, origin);
            const uint64_t lo = b + (ulo - elem0) * fp.elemBits / 8;
            const uint64_t hi = std::min(e, b + ((uhi - elem0) * fp.elemBits + 7) / 8);
            m.Poison(lo - bias, hi - bias, origin);
        });
    });
}

UndefOrigin Carried(const UndefOrigin& from, const char* api) {
    UndefOrigin o = from;
    o.clobbered = false;
    o.via = api;
    o.viaLine = tlsCallLine;
    return o;
}

void MarkHandled(CoreContext& c) { c.def.pending.handled = true; }

}  // namespace

void FailUndefined(CoreContext& c, const char* api, const std::string& what) {
    c.launch->undefinedRead.store(true);
    Fail(api, what);
}

std::string UndefText(const char* space, uint64_t lo, uint64_t hi, const UndefOrigin& o) {
    std::string why =
        o.api != nullptr ? Str(o.what, " since ", o.api, LineText(o.line)) : Str(o.what, " in this launch");
    if (o.via != nullptr) why += Str("; carried on by ", o.via, LineText(o.viaLine));
    return Str(space, " bytes [", Hex(lo), ", ", Hex(hi), ") hold no defined value (", why, ")");
}

UndefFound FlowEngine(CoreContext& c, const char* api, Flow flow, const FlowSide* dsts, std::size_t nd,
                      const FlowSide* srcs, std::size_t ns) {
    MarkHandled(c);  // the current instruction states its flow: the generic one must not run for it
    CommitPendingFlow(c);
    UnitSet units;
    UndefFound found;
    for (std::size_t i = 0; i < ns; ++i) {
        Collect(c, api, srcs[i].whole ? Flow::kWhole : flow, srcs[i].space, *srcs[i].fp, *srcs[i].map, srcs[i].bias,
                units, &found);
    }
    units.Normalize();
    const UndefOrigin origin = Carried(found.origin, api);
    for (std::size_t i = 0; i < nd; ++i) Apply(flow, *dsts[i].fp, *dsts[i].map, dsts[i].bias, units, origin);
    return found;
}

UndefFound FirstUndef(CoreContext& c, const char* api, const FlowSide& side) {
    CommitPendingFlow(c);
    UnitSet units;
    UndefFound found;
    Collect(c, api, Flow::kWhole, side.space, *side.fp, *side.map, side.bias, units, &found);
    return found;
}

UndefFound Propagate(CoreContext& c, const char* api, Flow flow, const FlowOperand* dsts, std::size_t nd,
                     const FlowOperand* srcs, std::size_t ns) {
    constexpr std::size_t kMost = 8;  // operands of one instruction, and a mask plan's two parts each
    if (nd > kMost || ns > kMost) Fail(api, "twin internal: more flow operands than one instruction has");
    FlowSide d[kMost], s[kMost];
    for (std::size_t i = 0; i < nd; ++i) d[i] = {&dsts[i].fp, &MapOf(c, dsts[i].space), 0, dsts[i].space};
    for (std::size_t i = 0; i < ns; ++i)
        s[i] = {&srcs[i].fp, &MapOf(c, srcs[i].space), 0, srcs[i].space, srcs[i].whole};
    return FlowEngine(c, api, flow, d, nd, s, ns);
}

void GatherFlow(CoreContext& c, const char* api, uint64_t dst, uint64_t offsetsAt, const uint32_t* offsets,
                uint64_t srcBase, uint32_t count, uint32_t elemBytes, uint64_t lowest, uint64_t highest) {
    const FlowOperand table{Footprint::Contiguous(offsetsAt, count, 32)};
    PickFlow(c, api, dst, offsets, srcBase, count, elemBytes, lowest, highest, Flow::kElementwise, &table);
}

void PickFlow(CoreContext& c, const char* api, uint64_t dst, const uint32_t* offsets, uint64_t srcBase, uint32_t count,
              uint32_t elemBytes, uint64_t lowest, uint64_t highest, Flow flow, const FlowOperand* steer) {
    UndefMap& m = c.def.ub;
    struct Carry {
        uint32_t elem, lo, hi;  // the undefined bytes [lo, hi) of element `elem`
        UndefOrigin origin;
    };
    std::vector<Carry> carried;  // read before the write: dst may overlap src
    if (!m.Empty() && m.AnyUndef(srcBase + lowest, srcBase + highest)) {
        for (uint32_t i = 0; i < count; ++i) {
            const uint64_t at = srcBase + offsets[i];
            m.ForEachUndef(at, at + elemBytes, [&](uint64_t lo, uint64_t hi, const UndefOrigin& o) {
                if (o.clobbered) FailClobbered(c, api, DefSpace::kUb, lo, hi, o);
                carried.push_back({i, static_cast<uint32_t>(lo - at), static_cast<uint32_t>(hi - at), Carried(o, api)});
            });
        }
    }
    const FlowOperand packed{Footprint::Contiguous(dst, count, elemBytes * 8)};
    if (steer != nullptr) {
        Propagate(c, api, flow, &packed, 1, steer, 1);
    } else {
        DefineBytes(c, DefSpace::kUb, packed.fp);
    }
    for (const Carry& k : carried)
        m.Poison(dst + uint64_t{k.elem} * elemBytes + k.lo, dst + uint64_t{k.elem} * elemBytes + k.hi, k.origin);
}

void DefineBytes(CoreContext& c, DefSpace space, const Footprint& dst) {
    MarkHandled(c);  // the current instruction states its flow: the generic one must not run for it
    CommitPendingFlow(c);
    Apply(Flow::kWhole, dst, MapOf(c, space), 0, UnitSet(), UndefOrigin());
}

void PoisonBytes(CoreContext& c, DefSpace space, const Footprint& dst, const UndefOrigin& origin) {
    MarkHandled(c);  // the current instruction states its flow: the generic one must not run for it
    CommitPendingFlow(c);
    UndefMap& m = MapOf(c, space);
    ForEachByteRange(dst, [&](uint64_t b, uint64_t e) { m.Poison(b, e, origin); });
}

void DefineUbBytes(CoreContext& c, uint64_t b, uint64_t bytes) {
    CommitPendingFlow(c);
    c.def.ub.Define(b, b + bytes);
}

void RequireDefinedUb(CoreContext& c, const char* api, uint64_t b, uint64_t bytes) {
    CommitPendingFlow(c);
    const UndefMap& m = c.def.ub;
    if (m.Empty() || !m.AnyUndef(b, b + bytes)) return;
    m.ForEachUndef(b, b + bytes, [&](uint64_t lo, uint64_t hi, const UndefOrigin& o) {
        if (o.clobbered) FailClobbered(c, api, DefSpace::kUb, lo, hi, o);
        FailUndefined(c, api,
                      Str("scalar read of ", UndefText("UB", lo, hi, o),
                          ": a value read into the scalar unit steers the kernel; write those bytes first"));
    });
}

void SetRegDefined(CoreContext& c, SpecialReg r, bool defined) { c.def.regUndef[static_cast<int>(r)] = !defined; }

void RequireDefinedReg(CoreContext& c, const char* api, SpecialReg r) {
    if (!c.def.regUndef[static_cast<int>(r)]) return;
    FailUndefined(c, api,
                  Str("reads a register the last ", r == SpecialReg::kCmpMask ? "Compare / SetCmpMask" : "reduction",
                      " computed from bytes that hold no defined value; write the source bytes first"));
}

void NoteFlowOperand(CoreContext& c, const char* api, uint64_t b, uint64_t bytes, bool dst, bool fresh) {
    PendingFlow& p = c.def.pending;
    if (fresh) {
        CommitPendingFlow(c);
        p = PendingFlow();
        p.api = api;
        p.line = tlsCallLine;
    }
    if (p.count < sizeof(p.ops) / sizeof(p.ops[0])) p.ops[p.count++] = {b, b + bytes, dst};
}

// An instruction that stated no flow: each destination byte range takes the definedness of all its sources.
void CommitPendingFlow(CoreContext& c) {
    PendingFlow& p = c.def.pending;
    if (p.api == nullptr) return;
    const PendingFlow done = p;
    p = PendingFlow();
    if (done.handled) return;
    std::vector<Footprint> fps;
    for (uint8_t i = 0; i < done.count; ++i) {
        fps.push_back(Footprint::Contiguous(done.ops[i].b, done.ops[i].e - done.ops[i].b, 8));
    }
    UnitSet units;
    UndefFound found;
    for (uint8_t i = 0; i < done.count; ++i) {
        if (!done.ops[i].dst) Collect(c, done.api, Flow::kWhole, DefSpace::kUb, fps[i], c.def.ub, 0, units, &found);
    }
    UndefOrigin origin = found.origin;
    origin.clobbered = false;
    origin.via = done.api;
    origin.viaLine = done.line;
    for (uint8_t i = 0; i < done.count; ++i) {
        if (done.ops[i].dst) Apply(Flow::kWhole, fps[i], c.def.ub, 0, units, origin);
    }
}

void ResetLocalDefinedness(CoreContext& c) {
    c.def = LocalDefinedness();
    UndefOrigin start;
    c.def.ub.Poison(0, c.ubBytes, start);
    for (int b = 0; b < static_cast<int>(CubeBuffer::kCount); ++b) {
        c.def.cube.Poison(uint64_t(b) << kCubeBufferShift, uint64_t(b + 1) << kCubeBufferShift, start);
    }
}

void PoisonBuffer(CoreContext& c, DefSpace space, uint64_t b, uint64_t bytes, const char* api) {
    CommitPendingFlow(c);
    UndefOrigin o;
    o.what = "never written";
    o.api = api;
    o.line = tlsCallLine;
    MapOf(c, space).Poison(b, b + bytes, o);
}

void UseUbScratch(CoreContext& c, const char* api, uint64_t offset, uint64_t bytes) {
    CommitPendingFlow(c);
    const uint64_t at = Soc(c).rules.ubUsableBytes + offset;
    const uint64_t end = std::min(at + bytes, c.ubBytes);
    if (at >= end) return;
    std::vector<std::pair<uint64_t, uint64_t>> live;
    c.def.ub.ForEachDefined(at, end, [&](uint64_t lo, uint64_t hi) { live.emplace_back(lo, hi); });
    UndefOrigin o;
    o.what = "overwritten by the TMP_UB_OFFSET scratch of";
    o.api = api;
    o.line = tlsCallLine;
    c.def.ub.Poison(at, end, o);
    o.clobbered = true;
    for (const auto& [lo, hi] : live) c.def.ub.Poison(lo, hi, o);
    std::memset(c.ub + at, kScratchPattern, end - at);
}

}  // namespace ascendc_sim
