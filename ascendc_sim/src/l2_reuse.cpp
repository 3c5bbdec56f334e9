#include "sim/l2_reuse.h"

#include <algorithm>
#include <functional>
#include <iterator>
#include <utility>

#include "sim/context.h"

namespace ascendc_sim {
namespace {
// Past this many rows the panels are taken as disjoint (their summed bytes): an exact union would cost more memory
// than the launch's data (assumed; no kernel here comes near it).
constexpr uint64_t kMaxUnionRows = uint64_t{1} << 24;
// A core remembers at most this many separate written spans; past it the log starts over (later reads then miss:
// the conservative side).
constexpr size_t kMaxWriteSpans = 4096;
constexpr uint64_t kMaxNotedRows = 256;  // rows of one strided write the log keeps (the rest later read as misses)
}  // namespace

void NoteOwnWrite(CoreContext& c, const void* gm, uint64_t bytes) {
    if (bytes == 0 || Soc(c).cost.l2Bytes <= 0) return;
    auto& spans = c.ownWrites.spans;
    uintptr_t start = reinterpret_cast<uintptr_t>(gm), end = start + bytes;
    auto it = spans.upper_bound(start);
    if (it != spans.begin() && std::prev(it)->second >= start) --it;  // the span before touches or overlaps
    while (it != spans.end() && it->first <= end) {
        start = std::min(start, it->first);
        end = std::max(end, it->second);
        it = spans.erase(it);
    }
    if (spans.size() >= kMaxWriteSpans) spans.clear();
    spans.emplace(start, end);
}

void NoteOwnWrite(CoreContext& c, const void* gm, uint64_t rows, uint64_t rowBytes, uint64_t pitch) {
    const auto* base = static_cast<const uint8_t*>(gm);
    if (rows <= 1 || pitch == rowBytes) return NoteOwnWrite(c, base, rows * rowBytes);
    for (uint64_t r = 0; r < std::min(rows, kMaxNotedRows); ++r) NoteOwnWrite(c, base + r * pitch, rowBytes);
}

bool HoldsOwnWrite(const CoreContext& c, const void* gm, uint64_t bytes) {
    const auto& spans = c.ownWrites.spans;
    const uintptr_t start = reinterpret_cast<uintptr_t>(gm);
    auto it = spans.upper_bound(start);
    if (it == spans.begin()) return false;
    --it;
    return it->first <= start && start + bytes <= it->second;
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
    c.cubeReads.rects.insert({base, rows, rowBytes, pitch});
}

double CubeL2HitShare(const std::vector<const CubeReadLog*>& logs, uint64_t totalBytes, double l2Bytes) {
    if (totalBytes == 0 || l2Bytes <= 0) return 0.0;
    std::unordered_set<GmRect, GmRectHash> rects;
    uint64_t rows = 0, summed = 0;
    for (const CubeReadLog* log : logs) {
        for (const GmRect& r : log->rects) {
            if (rects.insert(r).second) rows += r.rows, summed += r.rows * r.rowBytes;
        }
    }
    uint64_t distinct = summed;
    if (rows <= kMaxUnionRows) {
        std::vector<std::pair<uintptr_t, uintptr_t>> spans;
        spans.reserve(rows);
        for (const GmRect& r : rects) {
            for (uint64_t i = 0; i < r.rows; ++i) {
                auto start = reinterpret_cast<uintptr_t>(r.base) + i * r.pitch;
                spans.emplace_back(start, start + r.rowBytes);
            }
        }
        std::sort(spans.begin(), spans.end());
        distinct = 0;
        uintptr_t end = 0;
        for (const auto& [s, e] : spans) {
            if (e <= end) continue;
            distinct += e - std::max(s, end);
            end = e;
        }
    }
    const double total = static_cast<double>(totalBytes), footprint = static_cast<double>(distinct);
    if (footprint >= total) return 0.0;
    return (total - footprint) / total * std::min(1.0, l2Bytes / footprint);
}

}  // namespace ascendc_sim
