#include "sim/l2_reuse.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <iterator>
#include <mutex>
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

// Removes [start, end) from the spans (cutting the spans it overlaps); returns the bytes removed.
uint64_t RemoveSpan(SpanMap& spans, uintptr_t start, uintptr_t end) {
    uint64_t removed = 0;
    auto it = spans.upper_bound(start);
    if (it != spans.begin()) --it;
    while (it != spans.end() && it->first < end) {
        const uintptr_t s = it->first, e = it->second;
        if (e <= start) {
            ++it;
            continue;
        }
        it = spans.erase(it);
        removed += std::min(e, end) - std::max(s, start);
        if (s < start) spans.emplace(s, start);
        if (e > end) it = spans.emplace(end, e).first;
    }
    return removed;
}

bool Contains(const SpanMap& spans, uintptr_t start, uintptr_t end) {
    auto it = spans.upper_bound(start);
    if (it == spans.begin()) return false;
    --it;
    return it->first <= start && end <= it->second;
}

uint64_t Overlap(const SpanMap& spans, uintptr_t start, uintptr_t end) {
    uint64_t bytes = 0;
    auto it = spans.upper_bound(start);
    if (it != spans.begin()) --it;
    for (; it != spans.end() && it->first < end; ++it) {
        if (it->second > start) bytes += std::min(it->second, end) - std::max(it->first, start);
    }
    return bytes;
}

// The device's L2 across launches: one entry per launch, newest first, disjoint from each other.
struct HeldLaunch {
    SpanMap spans;
    uint64_t bytes = 0;
};
struct DeviceL2 {
    std::shared_mutex mu;
    std::deque<HeldLaunch> launches;
    uint64_t bytes = 0;
};
DeviceL2& L2() {
    static DeviceL2 l2;
    return l2;
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
    HeldLaunch now;
    for (const CoreContext& c : cores) {
        for (const auto& [s, e] : c.ownWrites.spans) AddSpan(now.spans, s, e);
    }
    for (const auto& [s, e] : now.spans) now.bytes += e - s;
    DeviceL2& l2 = L2();
    std::unique_lock lock(l2.mu);
    for (HeldLaunch& old : l2.launches) {  // the newest writes shadow older ones
        for (const auto& [s, e] : now.spans) {
            const uint64_t removed = RemoveSpan(old.spans, s, e);
            old.bytes -= removed;
            l2.bytes -= removed;
        }
    }
    if (now.bytes == 0 || static_cast<double>(now.bytes) > l2Bytes) return;
    l2.bytes += now.bytes;
    l2.launches.push_front(std::move(now));
    while (static_cast<double>(l2.bytes) > l2Bytes) {
        l2.bytes -= l2.launches.back().bytes;
        l2.launches.pop_back();
    }
}

bool L2HoldsFromEarlierLaunch(const void* gm, uint64_t bytes) {
    DeviceL2& l2 = L2();
    std::shared_lock lock(l2.mu);
    const auto start = reinterpret_cast<uintptr_t>(gm);
    for (const HeldLaunch& h : l2.launches) {
        if (Contains(h.spans, start, start + bytes)) return true;
    }
    return false;
}

void DropFromL2(const void* gm, uint64_t bytes) {
    DeviceL2& l2 = L2();
    std::unique_lock lock(l2.mu);
    const auto start = reinterpret_cast<uintptr_t>(gm);
    for (HeldLaunch& h : l2.launches) {
        const uint64_t removed = RemoveSpan(h.spans, start, start + bytes);
        h.bytes -= removed;
        l2.bytes -= removed;
    }
}

uint64_t L2HeldBytes(const std::vector<std::pair<uintptr_t, uintptr_t>>& spans) {
    DeviceL2& l2 = L2();
    std::shared_lock lock(l2.mu);
    uint64_t bytes = 0;
    for (const HeldLaunch& h : l2.launches) {
        for (const auto& [start, end] : spans) bytes += Overlap(h.spans, start, end);
    }
    return bytes;
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
