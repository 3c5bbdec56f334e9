#include "sim/gm_definedness.h"

#include <algorithm>
#include <vector>

#include "sim/context.h"
#include "sim/device_memory.h"
#include "sim/kernel_rules.h"

namespace ascendc_sim {
namespace {

void Refresh(GmShadow& s) { s.clean.store(s.undef.Empty(), std::memory_order_release); }

bool Clean(const DeviceAllocation& a) { return a.shadow == nullptr || a.shadow->clean.load(std::memory_order_acquire); }

uint64_t Bias(const DeviceAllocation& a) { return reinterpret_cast<uint64_t>(a.base); }

bool IsWorkspace(CoreContext& c, uint64_t allocId) {
    LaunchShared& l = *c.launch;
    std::lock_guard<std::mutex> lock(l.workspaceMu);
    return std::find(l.workspaceIds.begin(), l.workspaceIds.end(), allocId) != l.workspaceIds.end();
}

std::string GmBytes(const DeviceAllocation& a, uint64_t lo, uint64_t hi) {
    return Str("GM bytes [", lo - Bias(a), ", ", hi - Bias(a), ") of device allocation #", a.id);
}

// The fix for storing only the valid part of a block, as the SoC offers it.
std::string PartialStoreFix(const CoreContext& c) {
    return Soc(c).hasDataCopyPad ? "DataCopyPad stores exactly the valid bytes of a row"
                                 : Str("on ", Soc(c).name,
                                       " store whole 32-byte blocks that end at the last valid element, the last one "
                                       "moved back over valid data");
}

std::string UndefinedStoreText(const char* space, uint64_t base, const UndefFound& found, uint64_t allocId) {
    return Str("writes ", UndefText(space, found.lo - base, found.hi - base, found.origin), " to device allocation #",
               allocId);
}

// Undefined bytes stored to GM that is not the workspace. An aclnn launch declares its outputs (LaunchConfig::outputs)
// and may leave nothing undefined there: an error. A raw launch (<<<>>>, ICPU_RUN_KF) declares no output, so the twin
// cannot tell a result from the padding of a whole-block store: msSanitizer's initcheck says block transfers may
// bring dirty data and the user judges (atlasopdev_16_0128). The bytes stay undefined in GM, and a note says so.
void OnUndefinedStore(CoreContext& c, const char* api, const char* space, uint64_t base, const UndefFound& found,
                      uint64_t allocId) {
    if (c.launch->cfg.outputs.empty()) {
        const SourceLine at = tlsCallLine;
        AddNote(c, Str(api, at ? Str(" at ", at.file, ":", at.line) : std::string(), ": ",
                       UndefinedStoreText(space, base, found, allocId),
                       "; they stay undefined there (a raw launch declares no outputs; the whole-block store of a "
                       "partly computed block is fine if nothing reads those bytes as a result)"));
        return;
    }
    FailUndefined(c, api,
                  Str(UndefinedStoreText(space, base, found, allocId),
                      ", an output (only the workspace may hold undefined bytes): write every element that leaves "
                      "the kernel first, or store only the valid ones (",
                      PartialStoreFix(c), ")"));
}

}  // namespace

void HostDefined(const void* p, uint64_t bytes) {
    std::optional<DeviceAllocation> a = FindAllocation(p, bytes);
    if (!a || Clean(*a) || bytes == 0) return;
    std::lock_guard<std::mutex> lock(a->shadow->mu);
    const uint64_t off = static_cast<const uint8_t*>(p) - a->base;
    a->shadow->undef.Define(off, off + bytes);
    Refresh(*a->shadow);
}

void HostCopied(void* dst, const void* src, uint64_t bytes) {
    std::optional<DeviceAllocation> from = FindAllocation(src, bytes), to = FindAllocation(dst, bytes);
    if (!to || bytes == 0) return;
    std::vector<std::pair<uint64_t, uint64_t>> holes;  // undefined ranges of src, as offsets from src
    if (from && !Clean(*from)) {
        std::lock_guard<std::mutex> lock(from->shadow->mu);
        const uint64_t off = static_cast<const uint8_t*>(src) - from->base;
        from->shadow->undef.ForEachUndef(off, off + bytes, [&](uint64_t lo, uint64_t hi, const UndefOrigin&) {
            holes.emplace_back(lo - off, hi - off);
        });
    }
    if (holes.empty() && Clean(*to)) return;
    std::lock_guard<std::mutex> lock(to->shadow->mu);
    const uint64_t off = static_cast<uint8_t*>(dst) - to->base;
    to->shadow->undef.Define(off, off + bytes);
    UndefOrigin o;
    o.what = "copied by aclrtMemcpy from bytes never written";
    for (const auto& [lo, hi] : holes) to->shadow->undef.Poison(off + lo, off + hi, o);
    Refresh(*to->shadow);
}

void RegisterWorkspace(LaunchShared& l, const void* p) {
    std::optional<DeviceAllocation> a = FindAllocation(p, 0);
    if (!a) return;
    std::lock_guard<std::mutex> lock(l.workspaceMu);
    if (std::find(l.workspaceIds.begin(), l.workspaceIds.end(), a->id) == l.workspaceIds.end()) {
        l.workspaceIds.push_back(a->id);
    }
}

void CopyFromGm(CoreContext& c, const char* api, const Footprint& gm, DefSpace space, const Footprint& dst) {
    UndefMap& local = space == DefSpace::kUb ? c.def.ub : c.def.cube;
    FlowSide to{&dst, &local, 0, space};
    std::optional<DeviceAllocation> a = FindAllocation(reinterpret_cast<const void*>(gm.base), 0);
    if (!a || Clean(*a)) {
        FlowEngine(c, api, Flow::kElementwise, &to, 1, nullptr, 0);
        return;
    }
    std::lock_guard<std::mutex> lock(a->shadow->mu);
    FlowSide from{&gm, &a->shadow->undef, Bias(*a), space};
    FlowEngine(c, api, Flow::kElementwise, &to, 1, &from, 1);
}

void CopyToGm(CoreContext& c, const char* api, DefSpace space, const Footprint& src, const Footprint& gm, bool atomic) {
    UndefMap& local = space == DefSpace::kUb ? c.def.ub : c.def.cube;
    FlowSide from{&src, &local, 0, space};
    std::optional<DeviceAllocation> a = FindAllocation(reinterpret_cast<const void*>(gm.base), 0);
    if (!a || a->shadow == nullptr) return;
    const bool workspace = IsWorkspace(c, a->id);
    const UndefFound found = FirstUndef(c, api, from);
    if (found.any && !workspace) OnUndefinedStore(c, api, space == DefSpace::kUb ? "UB" : "L0C", 0, found, a->id);
    std::lock_guard<std::mutex> lock(a->shadow->mu);
    FlowSide to{&gm, &a->shadow->undef, Bias(*a), space};
    if (atomic) {
        // An add keeps an undefined sum undefined: an output must be written (or zeroed) before it accumulates.
        if (!workspace) {
            const UndefFound dst = FirstUndef(c, api, to);
            if (dst.any) {
                FailUndefined(
                    c, api,
                    Str("adds (SetAtomicAdd) into ", GmBytes(*a, dst.lo, dst.hi), ", which hold no defined value (",
                        dst.origin.what, dst.origin.api != nullptr ? Str(" since ", dst.origin.api) : std::string(),
                        "): zero the output first (aclrtMemset on the host, or a kernel write ordered before "
                        "the adds)"));
            }
        }
        if (found.any) {  // reached only for the workspace or a raw launch (OnUndefinedStore)
            UndefOrigin o = found.origin;
            o.clobbered = false;
            o.via = api;
            o.viaLine = tlsCallLine;
            gm.ForEachRun([&](uint64_t b, uint64_t e, uint64_t, uint64_t, uint64_t, uint64_t) {
                a->shadow->undef.Poison(b - Bias(*a), e - Bias(*a), o);
            });
        }
    } else {
        FlowEngine(c, api, Flow::kElementwise, &to, 1, &from, 1);
    }
    Refresh(*a->shadow);
}

void StoreUndefinedToGm(CoreContext& c, const char* api, const char* space, uint64_t base, const UndefFound& found,
                        const Footprint& gm) {
    if (!found.any) return;
    std::optional<DeviceAllocation> a = FindAllocation(reinterpret_cast<const void*>(gm.base), 0);
    if (!a || a->shadow == nullptr) return;
    if (!IsWorkspace(c, a->id)) OnUndefinedStore(c, api, space, base, found, a->id);
    UndefOrigin o = found.origin;
    o.clobbered = false;
    o.via = api;
    o.viaLine = tlsCallLine;
    std::lock_guard<std::mutex> lock(a->shadow->mu);
    gm.ForEachRun([&](uint64_t b, uint64_t e, uint64_t, uint64_t, uint64_t, uint64_t) {
        a->shadow->undef.Poison(b - Bias(*a), e - Bias(*a), o);
    });
    Refresh(*a->shadow);
}

void RequireDefinedGm(CoreContext& c, const char* api, const void* p, uint64_t bytes) {
    std::optional<DeviceAllocation> a = FindAllocation(p, bytes);
    if (!a || Clean(*a)) return;
    std::lock_guard<std::mutex> lock(a->shadow->mu);
    const uint64_t off = static_cast<const uint8_t*>(p) - a->base;
    a->shadow->undef.ForEachUndef(off, off + bytes, [&](uint64_t lo, uint64_t hi, const UndefOrigin& o) {
        FailUndefined(c, api,
                      Str("scalar read of ", UndefText(Str("GM (device allocation #", a->id, ")").c_str(), lo, hi, o),
                          ": write those bytes (kernel or host) before the kernel reads them"));
    });
}

void DefineGm(CoreContext&, const void* p, uint64_t bytes) { HostDefined(p, bytes); }

std::string UnwrittenOutput(const void* p, uint64_t bytes) {
    std::optional<DeviceAllocation> a = FindAllocation(p, bytes);
    if (!a || Clean(*a) || bytes == 0) return {};
    std::lock_guard<std::mutex> lock(a->shadow->mu);
    const uint64_t off = static_cast<const uint8_t*>(p) - a->base;
    std::string out;
    a->shadow->undef.ForEachUndef(off, off + bytes, [&](uint64_t lo, uint64_t hi, const UndefOrigin& o) {
        if (out.empty()) {
            out = Str("output bytes [", lo - off, ", ", hi - off, ") (device allocation #", a->id, " bytes [", lo, ", ",
                      hi, ")) were never written: ", o.what, o.api != nullptr ? Str(" since ", o.api) : std::string(),
                      " (every byte of an output's valid range must be written by the kernel or zeroed first)");
        }
    });
    return out;
}

}  // namespace ascendc_sim
