#include "sim/gm_race.h"

#include <algorithm>
#include <cstring>
#include <map>

#include "sim/context.h"

namespace ascendc_sim {
namespace {

struct Entry {
    const GmAccessRecord* rec;
    const CoreContext* core;
};

// The scalar loads a poll is made of: through the data cache or around it.
constexpr const char* kScalarLoads[] = {"GlobalTensor::GetValue", "ReadGmByPassDCache"};

bool IsWrite(GmAccessKind k) { return k != GmAccessKind::kRead; }

// a happened before b: b's clock at its access knows a's event of that access.
bool Before(const Entry& a, const Entry& b) {
    const RaceClock& ca = a.core->race;
    const RaceClock& cb = b.core->race;
    const uint32_t event = ca.segments[a.rec->segment][ca.self];
    return cb.segments[b.rec->segment][ca.self] >= event;
}

std::string CoreName(const CoreContext& c) {
    if (!c.launch->cube) return Str("core ", c.blockIdx);
    return Str(c.isAic ? "AIC " : "AIV ", c.blockIdx);
}

std::string At(const GmAccessRecord& r) {
    std::string s = r.api != nullptr ? r.api : "?";
    if (r.line) s += Str(" at ", r.line.file, ":", r.line.line);
    return s;
}

constexpr const char* kNoOrder =
    "with no SyncAll, CrossCoreSetFlag/CrossCoreWaitFlag or IBSet/IBWait between them (hardware may run them in "
    "either order)";

std::string Describe(const Entry& a, const Entry& b) {
    uint64_t lo = 0, hi = 0;
    a.rec->bytes.FirstOverlap(b.rec->bytes, lo, hi);
    const std::string bytes = Str("bytes [", lo, ", ", hi, ") of device allocation #", a.rec->allocId);
    if (IsWrite(a.rec->kind) && IsWrite(b.rec->kind)) {
        return Str("cross-core GM write race: ", CoreName(*a.core), " (", At(*a.rec), ") and ", CoreName(*b.core), " (",
                   At(*b.rec), ") both write ", bytes, " ", kNoOrder, "; use SetAtomicAdd or disjoint ranges");
    }
    const Entry& reader = IsWrite(a.rec->kind) ? b : a;
    const Entry& writer = IsWrite(a.rec->kind) ? a : b;
    return Str("cross-core GM read-after-write race: ", CoreName(*reader.core), " reads ", bytes, " (", At(*reader.rec),
               ") that ", CoreName(*writer.core), " writes (", At(*writer.rec), ") in the same launch ", kNoOrder);
}

}  // namespace

void InitRaceClock(CoreContext& c, uint32_t cores, uint32_t self) {
    c.race.self = self;
    c.race.clock.assign(cores, 0);
    c.race.clock[self] = 1;
}

ClockSnapshot ReleaseClock(CoreContext& c) {
    ClockSnapshot out = c.race.clock;
    ++c.race.clock[c.race.self];
    c.race.segmentOpen = false;
    return out;
}

void JoinClock(ClockSnapshot& into, const ClockSnapshot& snapshot) {
    if (into.size() < snapshot.size()) into.resize(snapshot.size(), 0);
    for (std::size_t k = 0; k < snapshot.size(); ++k) into[k] = std::max(into[k], snapshot[k]);
}

void AcquireClock(CoreContext& c, const ClockSnapshot& snapshot) {
    JoinClock(c.race.clock, snapshot);
    c.race.segmentOpen = false;
}

void LogGmAccess(CoreContext& c, const char* api, uint64_t allocId, uint64_t begin, uint64_t end, GmAccessKind kind) {
    LogGmRowsAccess(c, api, allocId, StridedRange::Span(begin, end), kind);
}

namespace {

// `next` added to `last` as one record, when their union is one: touching spans, or rows continuing last's rows
// (same length, on its pitch; a single row after a gap sets the pitch).
bool ExtendRows(StridedRange& last, const StridedRange& next) {
    const bool spans = last.count == 1 && next.count == 1;
    if (spans && next.start <= last.End() && next.End() >= last.start) {
        const uint64_t b = std::min(last.start, next.start), e = std::max(last.End(), next.End());
        last = StridedRange::Span(b, e);
        return true;
    }
    if (next.len != last.len || next.start <= last.start) return false;
    const uint64_t pitch = last.count == 1 ? next.start - last.start : last.pitch;
    if (pitch <= last.len || next.start != last.start + last.count * pitch) return false;
    if (next.count > 1 && next.pitch != pitch) return false;
    last = {last.start, last.count + next.count, last.len, pitch};
    return true;
}

}  // namespace

void LogGmRowsAccess(CoreContext& c, const char* api, uint64_t allocId, const StridedRange& bytes, GmAccessKind kind) {
    RaceClock& rc = c.race;
    if (rc.clock.empty() || bytes.Empty()) return;
    if (!rc.segmentOpen) {
        rc.segments.push_back(rc.clock);
        rc.segmentOpen = true;
    }
    const uint32_t segment = static_cast<uint32_t>(rc.segments.size() - 1);
    const SourceLine line = tlsCallLine;
    if (!rc.log.empty()) {  // a loop of accesses by one line: one record
        GmAccessRecord& last = rc.log.back();
        if (last.allocId == allocId && last.segment == segment && last.kind == kind && last.api == api &&
            last.line.file == line.file && last.line.line == line.line && ExtendRows(last.bytes, bytes)) {
            return;
        }
    }
    rc.log.push_back({allocId, bytes, segment, kind, api, line});
}

void MarkPolledLoads(CoreContext& c, uint64_t allocId, uint64_t begin, uint64_t end) {
    for (GmAccessRecord& r : c.race.log) {
        if (r.kind == GmAccessKind::kRead && r.allocId == allocId &&
            r.bytes.Intersects(StridedRange::Span(begin, end)) && r.api != nullptr &&
            std::any_of(std::begin(kScalarLoads), std::end(kScalarLoads),
                        [&](const char* api) { return std::strcmp(r.api, api) == 0; })) {
            r.polled = true;
        }
    }
}

std::string FindGmRace(const std::vector<CoreContext>& cores) {
    std::map<uint64_t, std::vector<Entry>> byAlloc;
    for (const CoreContext& c : cores) {
        for (const GmAccessRecord& r : c.race.log) {
            if (!r.polled) byAlloc[r.allocId].push_back({&r, &c});
        }
    }
    for (auto& [alloc, entries] : byAlloc) {
        std::vector<Entry> writes;
        uint64_t longest = 0;  // the longest span of a write: none starting further before an access reaches it
        for (const Entry& e : entries) {
            if (!IsWrite(e.rec->kind)) continue;
            writes.push_back(e);
            longest = std::max(longest, e.rec->bytes.End() - e.rec->bytes.start);
        }
        if (writes.empty()) continue;
        std::sort(writes.begin(), writes.end(),
                  [](const Entry& a, const Entry& b) { return a.rec->bytes.start < b.rec->bytes.start; });
        for (const Entry& x : entries) {
            const StridedRange& xb = x.rec->bytes;
            const uint64_t from = xb.start > longest ? xb.start - longest : 0;
            auto it = std::lower_bound(writes.begin(), writes.end(), from,
                                       [](const Entry& w, uint64_t v) { return w.rec->bytes.start < v; });
            for (; it != writes.end() && it->rec->bytes.start < xb.End(); ++it) {
                const Entry& w = *it;
                if (w.core == x.core || w.rec->bytes.End() <= xb.start) continue;
                if (w.rec->kind == GmAccessKind::kAtomic && x.rec->kind == GmAccessKind::kAtomic) continue;
                if (Before(w, x) || Before(x, w) || !w.rec->bytes.Intersects(xb)) continue;
                return Describe(w, x);
            }
        }
    }
    return {};
}

}  // namespace ascendc_sim
