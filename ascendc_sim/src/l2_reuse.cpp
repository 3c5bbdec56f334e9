#include "sim/l2_reuse.h"

#include <algorithm>
#include <functional>
#include <iterator>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <unordered_map>
#include <utility>

#include "sim/context.h"

namespace ascendc_sim {
namespace {
// Past this many rows the panels are taken as disjoint (their summed bytes): an exact union would cost more memory
// than the launch's data (assumed; no kernel here comes near it).
constexpr uint64_t kMaxUnionRows = uint64_t{1} << 23;
// A core remembers at most this many separate written spans; past it the log starts over (later reads then miss:
// the conservative side).
constexpr size_t kMaxWriteSpans = 4096;
constexpr uint64_t kMaxNotedRows = 256;  // rows of one strided write the log keeps (the rest later read as misses)
// The device's L2 remembers at most this many separate spans (at most ~32 MB of bookkeeping); past it the oldest
// launches' writes go, and a launch with more spans than this alone is not kept (later reads miss: the conservative
// side; 64 cores each at kMaxWriteSpans fit).
constexpr size_t kMaxHeldSpans = size_t{1} << 18;

using SpanMap = std::map<uintptr_t, uintptr_t>;

// Adds [start, end) to disjoint, non-touching spans, merging what it touches.
void AddSpan(SpanMap& spans, uintptr_t start, uintptr_t end) {
    auto it = spans.upper_bound(start);
    if (it != spans.begin() && std::prev(it)->second >= start) --it;  // the span before touches or overlaps
    while (it != spans.end() && it->first <= end) {
        start = std::min(start, it->first);
        end = std::max(end, it->second);
        it = spans.erase(it);
    }
    spans.emplace(start, end);
}

bool Contains(const SpanMap& spans, uintptr_t start, uintptr_t end) {
    auto it = spans.upper_bound(start);
    if (it == spans.begin()) return false;
    --it;
    return it->first <= start && end <= it->second;
}

// The device's L2 across launches: every span some launch's writes left in it, keyed by start, with the launch
// that wrote it. Spans are disjoint (a newer write cuts older spans); one launch's spans never touch, so a read is a
// hit when one span covers it, as when each launch kept its own spans. Costs grow with the spans held, never with
// the launches run: a launch whose spans were all dropped leaves nothing behind.
struct HeldSpan {
    uintptr_t end;
    uint64_t launch;  // sequence number of the launch that wrote it
};
struct DeviceL2 {
    std::shared_mutex mu;
    std::map<uintptr_t, HeldSpan> spans;
    std::map<uint64_t, uint64_t> launchBytes;           // launch -> bytes it still holds (> 0), oldest first
    std::set<std::pair<uint64_t, uintptr_t>> byLaunch;  // (launch, start) of every span: eviction order
    uint64_t bytes = 0;
    uint64_t nextLaunch = 0;
};
DeviceL2& L2() {
    static DeviceL2 l2;
    return l2;
}

// Caller holds the lock exclusively.
void InsertHeld(DeviceL2& l2, uintptr_t start, uintptr_t end, uint64_t launch) {
    l2.spans.emplace(start, HeldSpan{end, launch});
    l2.byLaunch.emplace(launch, start);
}

void ForgetBytes(DeviceL2& l2, uint64_t launch, uint64_t bytes) {
    auto it = l2.launchBytes.find(launch);
    it->second -= bytes;
    if (it->second == 0) l2.launchBytes.erase(it);
    l2.bytes -= bytes;
}

// Drops [start, end) from every held span (cutting the spans it overlaps). Caller holds the lock exclusively.
void RemoveHeld(DeviceL2& l2, uintptr_t start, uintptr_t end) {
    auto it = l2.spans.upper_bound(start);
    if (it != l2.spans.begin() && std::prev(it)->second.end > start) --it;
    while (it != l2.spans.end() && it->first < end) {
        const uintptr_t s = it->first;
        const HeldSpan h = it->second;
        l2.byLaunch.erase({h.launch, s});
        it = l2.spans.erase(it);
        ForgetBytes(l2, h.launch, std::min(h.end, end) - std::max(s, start));
        if (s < start) InsertHeld(l2, s, start, h.launch);
        if (h.end > end) InsertHeld(l2, end, h.end, h.launch);
    }
}

// Drops the oldest launch's spans. Caller holds the lock exclusively.
void EvictOldest(DeviceL2& l2) {
    const uint64_t launch = l2.launchBytes.begin()->first;
    auto it = l2.byLaunch.lower_bound({launch, 0});
    while (it != l2.byLaunch.end() && it->first == launch) {
        auto span = l2.spans.find(it->second);
        ForgetBytes(l2, launch, span->second.end - span->first);
        l2.spans.erase(span);
        it = l2.byLaunch.erase(it);
    }
}

}  // namespace

void NoteOwnWrite(CoreContext& c, const void* gm, uint64_t bytes) {
    if (bytes == 0 || Soc(c).cost.l2Bytes <= 0) return;
    auto& spans = c.ownWrites.spans;
    if (spans.size() >= kMaxWriteSpans) spans.clear();
    const auto start = reinterpret_cast<uintptr_t>(gm);
    AddSpan(spans, start, start + bytes);
}

void NoteOwnWrite(CoreContext& c, const void* gm, uint64_t rows, uint64_t rowBytes, uint64_t pitch) {
    const auto* base = static_cast<const uint8_t*>(gm);
    if (rows <= 1 || pitch == rowBytes) return NoteOwnWrite(c, base, rows * rowBytes);
    for (uint64_t r = 0; r < std::min(rows, kMaxNotedRows); ++r) NoteOwnWrite(c, base + r * pitch, rowBytes);
}

bool HoldsOwnWrite(const CoreContext& c, const void* gm, uint64_t bytes) {
    const auto start = reinterpret_cast<uintptr_t>(gm);
    return Contains(c.ownWrites.spans, start, start + bytes);
}

void KeepLaunchWritesInL2(const std::vector<CoreContext>& cores, double l2Bytes) {
    SpanMap now;
    for (const CoreContext& c : cores) {
        for (const auto& [s, e] : c.ownWrites.spans) AddSpan(now, s, e);
    }
    uint64_t nowBytes = 0;
    for (const auto& [s, e] : now) nowBytes += e - s;
    DeviceL2& l2 = L2();
    std::unique_lock lock(l2.mu);
    for (const auto& [s, e] : now) RemoveHeld(l2, s, e);  // the newest writes shadow older ones
    if (nowBytes == 0 || static_cast<double>(nowBytes) > l2Bytes || now.size() > kMaxHeldSpans) return;
    const uint64_t launch = l2.nextLaunch++;
    for (const auto& [s, e] : now) InsertHeld(l2, s, e, launch);
    l2.launchBytes.emplace(launch, nowBytes);
    l2.bytes += nowBytes;
    while (static_cast<double>(l2.bytes) > l2Bytes || l2.spans.size() > kMaxHeldSpans) EvictOldest(l2);
}

bool L2HoldsFromEarlierLaunch(const void* gm, uint64_t bytes) {
    DeviceL2& l2 = L2();
    std::shared_lock lock(l2.mu);
    const auto start = reinterpret_cast<uintptr_t>(gm);
    auto it = l2.spans.upper_bound(start);
    if (it == l2.spans.begin()) return false;
    --it;
    return start + bytes <= it->second.end;
}

void DropFromL2(const void* gm, uint64_t bytes) {
    DeviceL2& l2 = L2();
    std::unique_lock lock(l2.mu);
    const auto start = reinterpret_cast<uintptr_t>(gm);
    RemoveHeld(l2, start, start + bytes);
}

uint64_t L2HeldBytes(const std::vector<std::pair<uintptr_t, uintptr_t>>& spans) {
    DeviceL2& l2 = L2();
    std::shared_lock lock(l2.mu);
    uint64_t bytes = 0;
    for (const auto& [start, end] : spans) {
        auto it = l2.spans.upper_bound(start);
        if (it != l2.spans.begin()) --it;
        for (; it != l2.spans.end() && it->first < end; ++it) {
            if (it->second.end > start) bytes += std::min(it->second.end, end) - std::max(it->first, start);
        }
    }
    return bytes;
}

L2Footprint HeldInL2() {
    DeviceL2& l2 = L2();
    std::shared_lock lock(l2.mu);
    return {l2.launchBytes.size(), l2.spans.size(), l2.bytes};
}

std::size_t GmRectHash::operator()(const GmRect& r) const {
    std::size_t h = std::hash<const void*>()(r.base);
    for (uint64_t v : {r.rows, r.rowBytes, r.pitch}) h = h * 1000003u ^ std::hash<uint64_t>()(v);
    return h;
}

void NoteCubeRead(CoreContext& c, const uint8_t* base, uint64_t rows, uint64_t rowBytes, uint64_t pitch) {
    if (rows == 0 || rowBytes == 0) return;
    if (rows == 1 || pitch == rowBytes) {  // contiguous: one row
        rowBytes *= rows;
        rows = 1;
        pitch = rowBytes;
    }
    ++c.cubeReads.rects[{base, rows, rowBytes, pitch}];
}

double CubeL2HitShare(const std::vector<const CubeReadLog*>& logs, uint64_t totalBytes, double l2Bytes) {
    if (totalBytes == 0 || l2Bytes <= 0) return 0.0;
    std::unordered_map<GmRect, uint64_t, GmRectHash> rects;  // every core's panels, with how often each was loaded
    uint64_t rows = 0;
    for (const CubeReadLog* log : logs) {
        for (const auto& [r, loads] : log->rects) {
            uint64_t& n = rects[r];
            if (n == 0) rows += r.rows;
            n += loads;
        }
    }
    // distinct: bytes read at all; reused: bytes read more than once (what L2 must keep for the re-reads to hit).
    uint64_t distinct = 0, reused = 0, held = 0;
    if (rows <= kMaxUnionRows) {
        std::vector<std::pair<uintptr_t, int64_t>> edges;  // (address, +loads at a row's start / -loads at its end)
        edges.reserve(2 * rows);
        for (const auto& [r, loads] : rects) {
            for (uint64_t i = 0; i < r.rows; ++i) {
                const uintptr_t start = reinterpret_cast<uintptr_t>(r.base) + i * r.pitch;
                edges.emplace_back(start, static_cast<int64_t>(loads));
                edges.emplace_back(start + r.rowBytes, -static_cast<int64_t>(loads));
            }
        }
        std::sort(edges.begin(), edges.end());
        std::vector<std::pair<uintptr_t, uintptr_t>> runs;  // the footprint as disjoint spans
        int64_t depth = 0;
        uintptr_t at = 0;
        for (const auto& [addr, delta] : edges) {
            if (depth >= 1) distinct += addr - at;
            if (depth >= 2) reused += addr - at;
            const int64_t next = depth + delta;
            if (depth == 0 && next > 0) runs.emplace_back(addr, addr);
            if (depth > 0 && next == 0) runs.back().second = addr;
            depth = next;
            at = addr;
        }
        held = L2HeldBytes(runs);
    } else {  // taken as disjoint panels
        for (const auto& [r, loads] : rects) {
            distinct += r.rows * r.rowBytes;
            if (loads > 1) reused += r.rows * r.rowBytes;
        }
    }
    const double total = static_cast<double>(totalBytes), misses = static_cast<double>(distinct - held);
    if (misses >= total) return 0.0;
    // the re-reads hit while L2 holds what is re-read; beyond its size, in proportion
    const double kept = reused == 0 ? 1.0 : std::min(1.0, l2Bytes / static_cast<double>(reused));
    return (total - misses) / total * kept;
}

}  // namespace ascendc_sim
