#include "sim/dcache.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "sim/context.h"
#include "sim/device_memory.h"
#include "sim/gm_race.h"

namespace ascendc_sim {
namespace {

uint64_t LineOf(const void* p) { return reinterpret_cast<uint64_t>(p) / kCacheLineBytes; }

std::string LineName(uint64_t line) {
    const auto* p = reinterpret_cast<const uint8_t*>(line * kCacheLineBytes);
    std::optional<DeviceAllocation> a = FindContaining(p);
    if (!a) a = FindContaining(p + kCacheLineBytes - 1);
    if (!a) return Str("64-byte GM line at ", static_cast<const void*>(p));
    auto offset = static_cast<int64_t>(p - a->base);
    return Str("64-byte GM line [", offset, ", ", offset + int64_t(kCacheLineBytes), ") of device allocation #", a->id);
}

uint64_t ByteMask(const void* p, uint64_t bytes) {
    uint64_t first = reinterpret_cast<uint64_t>(p) % kCacheLineBytes;
    uint64_t n = std::min(bytes, kCacheLineBytes - first);
    uint64_t mask = n >= 64 ? ~uint64_t{0} : ((uint64_t{1} << n) - 1);
    return mask << first;
}

// Publishes `snapshot` (a write-back's release) on the line, for the loads of other cores that fill it later.
void PublishLine(CoreContext& c, uint64_t line, const ClockSnapshot& snapshot) {
    LaunchShared& l = *c.launch;
    std::lock_guard<std::mutex> lock(l.clockMu);
    JoinClock(l.lineClocks[line], snapshot);
}

// Writes the dirty bytes of `mask` back to GM, after publishing the release they carry.
void WriteBack(CoreContext& c, uint64_t line, const CachedLine& l, uint64_t mask, const ClockSnapshot& snapshot) {
    mask &= l.dirtyMask;
    if (mask == 0) return;
    if (!snapshot.empty()) PublishLine(c, line, snapshot);
    auto* base = reinterpret_cast<uint8_t*>(line * kCacheLineBytes);
    for (uint64_t i = 0; i < kCacheLineBytes; ++i) {
        if ((mask >> i) & 1) base[i] = l.data[i];
    }
}

// Ends the line's residency: its dirty bytes go to GM, its load and dirty intervals to the history the cross-core
// check reads.
void Retire(CoreContext& c, uint64_t line, const CachedLine& l, const ClockSnapshot& snapshot) {
    WriteBack(c, line, l, l.dirtyMask, snapshot);
    if (l.read) c.dcache.loadSpans.push_back({line, l.fillEpoch, l.lastReadEpoch});
    if (l.dirtyMask != 0) c.dcache.dirtySpans.push_back({line, l.dirtyEpoch, c.epoch});
}

CachedLine& Fill(CoreContext& c, uint64_t line, bool* fresh = nullptr) {
    auto [it, added] = c.dcache.lines.try_emplace(line);
    if (added) it->second.fillEpoch = c.epoch;
    if (fresh != nullptr) *fresh = added;
    return it->second;
}

template <typename F>
void ForLinesIn(CoreContext& c, const void* p, uint64_t bytes, F f) {
    if (bytes == 0 || c.dcache.lines.empty()) return;
    uint64_t first = LineOf(p);
    uint64_t last = (reinterpret_cast<uint64_t>(p) + bytes - 1) / kCacheLineBytes;
    for (auto it = c.dcache.lines.lower_bound(first); it != c.dcache.lines.end() && it->first <= last; ++it) {
        f(it->first, it->second);
    }
}

// Calls f(line, first byte in the line, bytes, first byte of the access) for each line a scalar access touches.
template <typename F>
void ForLineParts(const void* p, uint64_t bytes, F f) {
    auto a = reinterpret_cast<uint64_t>(p);
    for (uint64_t done = 0; done < bytes;) {
        const uint64_t at = (a + done) % kCacheLineBytes, n = std::min(bytes - done, kCacheLineBytes - at);
        f((a + done) / kCacheLineBytes, at, n, done);
        done += n;
    }
}

bool Ahead(const ClockSnapshot& of, const std::vector<uint32_t>& clock) {
    for (std::size_t k = 0; k < of.size() && k < clock.size(); ++k) {
        if (of[k] > clock[k]) return true;
    }
    return false;
}

// A load that filled `line` after another core wrote it back is ordered after that write-back. This core's earlier
// scalar loads of the line polled it (DataCacheCleanAndInvalid doc: the flag a core writes back and another reads):
// they read the value before it and the kernel looked again, so they are not reported as racing with it.
void AcquireLine(CoreContext& c, uint64_t line, const void* p) {
    LaunchShared& l = *c.launch;
    {
        std::lock_guard<std::mutex> lock(l.clockMu);
        auto it = l.lineClocks.find(line);
        if (it == l.lineClocks.end() || !Ahead(it->second, c.race.clock)) return;
        AcquireClock(c, it->second);
    }
    std::optional<DeviceAllocation> a = FindContaining(p);
    if (!a) return;
    const auto lineBase = static_cast<int64_t>(line * kCacheLineBytes) - reinterpret_cast<int64_t>(a->base);
    MarkPolledLoads(c, a->id, static_cast<uint64_t>(std::max<int64_t>(lineBase, 0)),
                    static_cast<uint64_t>(std::max<int64_t>(lineBase + int64_t(kCacheLineBytes), 0)));
}

}  // namespace

void CacheLoad(CoreContext& c, const char* api, const void* p, void* out, uint64_t bytes) {
    std::memcpy(out, p, bytes);  // what other cores wrote back; this core's dirty bytes go over it
    ForLineParts(p, bytes, [&](uint64_t line, uint64_t at, uint64_t n, uint64_t done) {
        bool fresh = false;
        CachedLine& l = Fill(c, line, &fresh);
        if (l.staleBy != nullptr && (c.dcache.dmaRewritten[line] & ByteMask(p, bytes)) != 0) {
            Fail(api, Str("loads from the ", LineName(line), " cached before this core's ", l.staleBy,
                          " rewrote it (DMA bypasses the data cache): DataCacheCleanAndInvalid before the load"));
        }
        l.read = true;
        l.lastReadEpoch = c.epoch;
        for (uint64_t i = at; i < at + n; ++i) {
            if ((l.dirtyMask >> i) & 1) static_cast<uint8_t*>(out)[done + i - at] = l.data[i];
        }
        if (fresh) AcquireLine(c, line, p);
    });
}

void CacheStore(CoreContext& c, const char* api, void* p, const void* value, uint64_t bytes) {
    ForLineParts(p, bytes, [&](uint64_t line, uint64_t at, uint64_t n, uint64_t done) {
        CachedLine& l = Fill(c, line);
        if (l.staleBy != nullptr) {
            Fail(api, Str("stores into the ", LineName(line), " cached before this core's ", l.staleBy,
                          " rewrote it: the write-back of the whole line would undo the copy "
                          "(DataCacheCleanAndInvalid first)"));
        }
        if (l.dirtyMask == 0) l.dirtyEpoch = c.epoch;
        for (uint64_t i = at; i < at + n; ++i) {
            l.data[i] = static_cast<const uint8_t*>(value)[done + i - at];
            l.dirtyMask |= uint64_t{1} << i;
        }
    });
}

void CacheDmaRead(CoreContext& c, const char* api, const void* p, uint64_t bytes) {
    ForLinesIn(c, p, bytes, [&](uint64_t line, const CachedLine& l) {
        if (l.dirtyMask != 0) {
            Fail(api, Str("reads the ", LineName(line),
                          " whose scalar stores this core still holds in its data "
                          "cache (DMA reads GM): DataCacheCleanAndInvalid first"));
        }
    });
}

void CacheDmaWrite(CoreContext& c, const char* api, const void* p, uint64_t bytes) {
    if (bytes == 0) return;
    ForLinesIn(c, p, bytes, [&](uint64_t line, CachedLine& l) {
        if (l.dirtyMask != 0) {
            Fail(api, Str("writes the ", LineName(line),
                          " whose scalar stores this core still holds dirty: their "
                          "write-back of the whole line would undo the copy "
                          "(DataCacheCleanAndInvalid first)"));
        }
        l.staleBy = api;
        uint64_t lineBase = line * kCacheLineBytes, b = reinterpret_cast<uint64_t>(p);
        uint64_t from = std::max(b, lineBase);
        c.dcache.dmaRewritten[line] |=
            ByteMask(reinterpret_cast<const void*>(from), std::min(b + bytes, lineBase + 64) - from);
    });
    auto b = reinterpret_cast<uint64_t>(p);
    std::vector<DmaWrite>& w = c.dcache.dmaWrites;
    if (!w.empty() && w.back().epoch == c.epoch && w.back().end == b) {
        w.back().end = b + bytes;
    } else {
        w.push_back({b, b + bytes, c.epoch});
    }
}

void BypassStore(CoreContext& c, const char* api, void* p, const void* value, uint64_t bytes) {
    CacheDmaWrite(c, api, p, bytes);
    PublishLine(c, LineOf(p), ReleaseClock(c));  // before the value: a load that sees it finds the release
    std::memcpy(p, value, bytes);
}

void BypassLoad(CoreContext& c, const char* api, const void* p, void* out, uint64_t bytes) {
    CacheDmaRead(c, api, p, bytes);
    std::memcpy(out, p, bytes);
    AcquireLine(c, LineOf(p), p);  // after the value: a release published before it is found
}

// SINGLE_CACHE_LINE cleans from p to the end of its line (doc: an unaligned address covers only that part).
void CacheCleanInvalidate(CoreContext& c, const void* p, bool entire) {
    auto& lines = c.dcache.lines;
    if (entire) {
        const bool dirty =
            std::any_of(lines.begin(), lines.end(), [](const auto& e) { return e.second.dirtyMask != 0; });
        const ClockSnapshot snapshot = dirty ? ReleaseClock(c) : ClockSnapshot{};
        for (auto& [line, l] : lines) Retire(c, line, l, snapshot);
        lines.clear();
        c.dcache.dmaRewritten.clear();
        return;
    }
    auto it = lines.find(LineOf(p));
    if (it == lines.end()) return;
    CachedLine& l = it->second;
    uint64_t kept = l.dirtyMask & ~(~uint64_t{0} << (reinterpret_cast<uint64_t>(p) % kCacheLineBytes));
    const ClockSnapshot snapshot = l.dirtyMask != kept ? ReleaseClock(c) : ClockSnapshot{};
    if (kept == 0) {
        Retire(c, it->first, l, snapshot);
        c.dcache.dmaRewritten.erase(it->first);
        lines.erase(it);
        return;
    }
    WriteBack(c, it->first, l, l.dirtyMask & ~kept, snapshot);
    c.dcache.dirtySpans.push_back({it->first, l.dirtyEpoch, c.epoch});
    l.dirtyMask = kept;
}

void CheckDcciForm(CoreContext& c, bool withDst, int dcciDst) {
    constexpr int kCacheLineAtomic = 3;  // DcciDst::CACHELINE_ATOMIC
    if (withDst && Soc(c).version == ascendc_sim::SocVersion::kAscend310P) {
        Fail("DataCacheCleanAndInvalid", Str("the dcciDst form is not available on ", Soc(c).name,
                                             " (Atlas inference AI Core has only DataCacheCleanAndInvalid<T, "
                                             "CacheLine>)"));
    }
    if (withDst && dcciDst == kCacheLineAtomic) {
        Fail("DataCacheCleanAndInvalid", Str("DcciDst::CACHELINE_ATOMIC is not supported on ", Soc(c).name));
    }
}

void CacheAtEnd(CoreContext& c) { CacheCleanInvalidate(c, nullptr, true); }

namespace {

struct LineEvent {
    uint32_t core;
    bool dirty;  // else a load interval
    uint32_t first, last;
};

std::string CheckDma(const std::map<uint64_t, std::vector<LineEvent>>& byLine, uint32_t core, const DmaWrite& w) {
    uint64_t last = (w.end - 1) / kCacheLineBytes;
    for (auto it = byLine.lower_bound(w.begin / kCacheLineBytes); it != byLine.end() && it->first <= last; ++it) {
        for (const LineEvent& e : it->second) {
            if (e.core == core) continue;
            if (e.dirty && w.epoch >= e.first && w.epoch <= e.last) {
                return Str("data-cache race: core ", core, " DMA-writes the ", LineName(it->first), " while core ",
                           e.core,
                           " holds scalar stores of it dirty between the same barriers (their write-back "
                           "of the whole line overwrites the copy)");
            }
            if (!e.dirty && w.epoch >= e.first && w.epoch < e.last) {
                return Str("stale data cache: core ", e.core, " loads from the ", LineName(it->first),
                           " cached before core ", core,
                           " DMA-wrote it behind a barrier, without "
                           "DataCacheCleanAndInvalid");
            }
        }
    }
    return {};
}

std::string CheckLine(uint64_t line, const std::vector<LineEvent>& events) {
    for (const LineEvent& a : events) {
        for (const LineEvent& b : events) {
            if (a.core == b.core || !b.dirty) continue;
            if (a.dirty && a.core < b.core && a.first <= b.last && b.first <= a.last) {
                return Str("data-cache race: cores ", a.core, " and ", b.core, " hold dirty bytes of the ",
                           LineName(line),
                           " between the same barriers; each write-back of the whole line "
                           "overwrites the other's bytes (DataCacheCleanAndInvalid doc)");
            }
            if (!a.dirty && b.last >= a.first && b.last < a.last) {
                return Str("stale data cache: core ", a.core, " loads from the ", LineName(line),
                           " cached before core ", b.core,
                           " wrote it back behind a barrier, without DataCacheCleanAndInvalid");
            }
        }
    }
    return {};
}

}  // namespace

std::string FindCacheRace(const std::vector<CoreContext>& cores) {
    std::map<uint64_t, std::vector<LineEvent>> byLine;
    for (const CoreContext& c : cores) {
        for (const LineSpan& s : c.dcache.dirtySpans) byLine[s.line].push_back({c.blockIdx, true, s.first, s.last});
        for (const LineSpan& s : c.dcache.loadSpans) byLine[s.line].push_back({c.blockIdx, false, s.first, s.last});
    }
    if (byLine.empty()) return {};
    for (auto& [line, events] : byLine) {
        std::string race = CheckLine(line, events);
        if (!race.empty()) return race;
    }
    for (const CoreContext& c : cores) {
        for (const DmaWrite& w : c.dcache.dmaWrites) {
            std::string race = CheckDma(byLine, c.blockIdx, w);
            if (!race.empty()) return race;
        }
    }
    return {};
}

}  // namespace ascendc_sim
