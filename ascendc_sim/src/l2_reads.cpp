// The twin's L2 for reads within one launch (cost only): a core's re-reads of what it read earlier, and the
// device-memory cost of the same bytes read by several cores (sim/l2_reuse.h).
#include <algorithm>
#include <unordered_map>
#include <vector>

#include "sim/context.h"
#include "sim/l2_reuse.h"
#include "sim/strided_range.h"

namespace ascendc_sim {
namespace {
constexpr uint64_t kGranuleBytes = 512;  // the GM burst the A2 copy best practice aligns to
constexpr uint64_t kSectorBytes = 32;    // the smallest GM -> UB copy unit (DataCopy blocks of 32 bytes)
// Copies touching one 4 KB chunk of GM are compared for the cross-core terms (each for its bytes in the chunk,
// against the others' rows that share bytes with it).
constexpr uint64_t kChunkShift = 12;

// Sectors [first, last] of one granule as a bit mask.
uint16_t SectorMask(uint64_t first, uint64_t last) {
    const uint32_t bits = (last - first + 1 >= 16) ? 0xFFFFu : ((1u << (last - first + 1)) - 1u) << first;
    return static_cast<uint16_t>(bits);
}

// Set bits of a sector mask, inline: without a popcount instruction in the target (x86-64's baseline) the builtin is a
// library call, once per row of a copy.
int SectorCount(uint16_t v) {
    uint32_t x = v - ((v >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return static_cast<int>((x + (x >> 8)) & 0x1Fu);
}

// A copy's rows that touch one chunk, and one such row.
struct CopyInChunk {
    uint32_t core;
    const ReadStamp* s;
    StridedRange rows;  // its rows touching the chunk
};
struct RowInChunk {
    uint32_t core;
    const ReadStamp* s;
    uintptr_t start, end;
};
struct RowCharge {
    std::size_t row;
    bool readBefore, concurrent;
};

// Rows without gaps between them: their bytes are their span.
bool Solid(const StridedRange& r) { return r.count <= 1 || r.pitch == r.len; }

StridedRange RowsTouching(const StridedRange& rows, uintptr_t lo, uintptr_t hi) {
    uint64_t first = 0, last = 0;
    rows.RowsIn(lo, hi, first, last);
    return {rows.start + first * rows.pitch, last - first, rows.len, rows.pitch};
}

// The copies with a row that shares a byte with a row of another core's copy (the others pay nothing). Copies
// without gaps against each other by a sweep (the two latest-ending of distinct cores so far, either way); a copy
// with gaps between its rows against every other copy, exactly.
std::vector<CopyInChunk> SharedCopies(std::vector<CopyInChunk>& uses) {
    std::sort(uses.begin(), uses.end(), [](const CopyInChunk& a, const CopyInChunk& b) {
        return a.rows.start != b.rows.start ? a.rows.start < b.rows.start : a.core < b.core;
    });
    std::vector<char> shared(uses.size(), 0);
    struct Mark {
        uint64_t at;
        uint32_t core;
    };
    // Keeps the two best marks of distinct cores (better: `better(a, b)`); the best of another core than `core`.
    auto keep = [](Mark(&top)[2], Mark m, auto better) {
        if (top[0].core == m.core) {
            if (better(m.at, top[0].at)) top[0] = m;
        } else if (better(m.at, top[0].at)) {
            top[1] = top[0], top[0] = m;
        } else if (better(m.at, top[1].at)) {
            top[1] = m;
        }
    };
    auto other = [](const Mark(&top)[2], uint32_t core) { return top[0].core != core ? top[0] : top[1]; };
    const auto later = [](uint64_t a, uint64_t b) { return a > b; };
    const auto sooner = [](uint64_t a, uint64_t b) { return a < b; };
    Mark ends[2] = {{0, UINT32_MAX}, {0, UINT32_MAX}};
    for (std::size_t i = 0; i < uses.size(); ++i) {  // rows starting earlier that reach into this one
        if (!Solid(uses[i].rows)) continue;
        if (other(ends, uses[i].core).at > uses[i].rows.start) shared[i] = 1;
        keep(ends, {uses[i].rows.End(), uses[i].core}, later);
    }
    Mark starts[2] = {{UINT64_MAX, UINT32_MAX}, {UINT64_MAX, UINT32_MAX}};
    for (std::size_t i = uses.size(); i-- > 0;) {  // rows starting later inside this one
        if (!Solid(uses[i].rows)) continue;
        if (other(starts, uses[i].core).at < uses[i].rows.End()) shared[i] = 1;
        keep(starts, {uses[i].rows.start, uses[i].core}, sooner);
    }
    for (std::size_t i = 0; i < uses.size(); ++i) {
        if (Solid(uses[i].rows)) continue;
        for (std::size_t j = 0; j < uses.size(); ++j) {
            if (uses[j].core != uses[i].core && (!shared[i] || !shared[j]) && uses[i].rows.Intersects(uses[j].rows)) {
                shared[i] = shared[j] = 1;
            }
        }
    }
    std::vector<CopyInChunk> out;
    for (std::size_t i = 0; i < uses.size(); ++i) {
        if (shared[i]) out.push_back(uses[i]);
    }
    return out;
}

// Per row, in the order the copies began: read before by another core (a row of another core sharing a byte began
// no later), read at the same time (such a row's copy overlaps this one's on the timelines).
std::vector<RowCharge> CrossCoreRowShares(const std::vector<RowInChunk>& rows) {
    std::vector<std::size_t> order(rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return rows[a].s->begin < rows[b].s->begin; });
    double longest = 0;  // no copy lasts longer: one that began this much earlier has ended
    for (const RowInChunk& r : rows) longest = std::max(longest, r.s->done - r.s->begin);
    std::vector<RowCharge> out;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const RowInChunk& x = rows[order[i]];
        auto shares = [&](std::size_t j) {  // another core's row with bytes of this one
            const RowInChunk& y = rows[order[j]];
            return y.core != x.core && y.start < x.end && x.start < y.end;
        };
        bool concurrent = false, readBefore = false;
        for (std::size_t j = i; j-- > 0 && !(concurrent && readBefore);) {
            if (readBefore && rows[order[j]].s->begin + longest <= x.s->begin) break;  // none concurrent from here
            if (!shares(j)) continue;
            readBefore = true;
            concurrent = concurrent || rows[order[j]].s->done > x.s->begin;
        }
        for (std::size_t j = i + 1; j < order.size() && rows[order[j]].s->begin < x.s->done && !concurrent; ++j) {
            concurrent = shares(j);
        }
        if (readBefore || concurrent) out.push_back({order[i], readBefore, concurrent});
    }
    return out;
}
}  // namespace

namespace {
// Fibonacci hashing: granule numbers of one copy are consecutive, the multiply spreads them over the table.
std::size_t GranuleSlot(uint64_t granule, std::size_t mask) {
    return static_cast<std::size_t>((granule * 0x9E3779B97F4A7C15ull) >> 32) & mask;
}
}  // namespace

L2Granule& L2GranuleTable::operator[](uint64_t granule) {
    if (slots_.empty() || 2 * (used_ + 1) > slots_.size()) Grow();  // at most half full: short probe runs
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = GranuleSlot(granule, mask);; i = (i + 1) & mask) {
        Slot& s = slots_[i];
        if (s.key == granule) return s.value;
        if (s.key == kEmpty) {
            s.key = granule;
            ++used_;
            return s.value;
        }
    }
}

void L2GranuleTable::Grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& s : old) {
        if (s.key == kEmpty) continue;
        std::size_t i = GranuleSlot(s.key, mask);
        while (slots_[i].key != kEmpty) i = (i + 1) & mask;
        slots_[i] = s;
    }
}

// asc-devkit data_copy README scenarios 5 / 6: a 302 MB matrix read 4 times hits L2 0.005 %, each of its 75 MB
// quarters read 4 times in a row 75 % (the A2 L2 is 192 MB): a re-read hits while the bytes read since fit the L2.
double NoteOwnRead(CoreContext& c, const void* gm, uint64_t rows, uint64_t rowBytes, uint64_t pitch, double l2Bytes,
                   uint32_t activeCores) {
    L2ReadLog& log = c.ownReads;
    if (rows == 0 || rowBytes == 0 || l2Bytes <= 0) return 0.0;
    const double window = l2Bytes / std::max<uint32_t>(1, activeCores);
    uint64_t hitSectors = 0, sectors = 0;
    uint64_t lastGranule = UINT64_MAX;  // short rows share a granule: one lookup for all of them
    L2ReadLog::Granule* last = nullptr;
    for (uint64_t r = 0; r < rows; ++r) {
        const uint64_t start = reinterpret_cast<uintptr_t>(gm) + r * pitch, end = start + rowBytes;
        for (uint64_t g = start / kGranuleBytes; g <= (end - 1) / kGranuleBytes; ++g) {
            const uint64_t lo = std::max(start, g * kGranuleBytes), hi = std::min(end, (g + 1) * kGranuleBytes);
            const uint64_t firstSector = lo % kGranuleBytes / kSectorBytes;
            const uint64_t lastSector = (hi - 1) % kGranuleBytes / kSectorBytes;
            const uint16_t mask = SectorMask(firstSector, lastSector);
            if (g != lastGranule) last = &log.granules[g], lastGranule = g;  // `last` serves until the next lookup
            L2ReadLog::Granule& e = *last;
            if (e.sectors != 0 && log.readBytes - e.readAt <= window) {
                hitSectors += static_cast<uint64_t>(SectorCount(mask & e.sectors));
            }
            sectors += lastSector - firstSector + 1;
            e.sectors |= mask;
            e.readAt = log.readBytes;
        }
    }
    log.readBytes += static_cast<double>(rows * rowBytes);
    return sectors == 0 ? 0.0 : static_cast<double>(hitSectors) / static_cast<double>(sectors);
}

// asc-devkit data_copy README scenarios 7 / 8 (L2 off, every AIV reads the same 6 MB): staggered 328.88 us, in the
// same order 539.42 us, where one read of the bytes streams in ~212 us. A bypassed read of bytes another core read
// earlier in the launch costs rereadShare more device-memory bytes; a read of bytes another core reads at the same
// time (their copies overlap on the cores' timelines) costs sameAddrShare more. Bytes, not neighbours: cores reading
// different rows or columns of one 4 KB chunk pay neither (bank_conflict_nd2nz README: 48 AIV reading adjacent
// 256-byte row pieces stream 268 MB in 144 us). Each row of a copy is judged on its own (CrossCoreRowShares).
void ChargeCrossCoreReads(std::vector<CoreContext>& cores, double rereadShare, double sameAddrShare) {
    std::unordered_map<uintptr_t, std::vector<CopyInChunk>> chunks;
    for (uint32_t i = 0; i < cores.size(); ++i) {
        for (const ReadStamp& s : cores[i].ownReads.stamps) {
            for (uintptr_t k = s.rows.start >> kChunkShift; k <= (s.rows.End() - 1) >> kChunkShift; ++k) {
                chunks[k].push_back({i, &s, {}});
            }
        }
    }
    std::vector<RowInChunk> rows;
    for (auto& [chunk, uses] : chunks) {
        const uint32_t first = uses.front().core;
        if (std::all_of(uses.begin(), uses.end(), [&](const CopyInChunk& u) { return u.core == first; })) continue;
        const uintptr_t lo = chunk << kChunkShift, hi = (chunk + 1) << kChunkShift;
        for (CopyInChunk& u : uses) u.rows = RowsTouching(u.s->rows, lo, hi);
        rows.clear();
        for (const CopyInChunk& u : SharedCopies(uses)) {
            for (uint64_t r = 0; r < u.rows.count; ++r) {
                const uintptr_t b = u.rows.start + r * u.rows.pitch;
                rows.push_back({u.core, u.s, b, b + u.rows.len});
            }
        }
        for (const RowCharge& ch : CrossCoreRowShares(rows)) {
            const RowInChunk& row = rows[ch.row];
            // the row's bytes in this chunk
            const double part = static_cast<double>(std::min(row.end, hi) - std::max(row.start, lo));
            const bool reread = row.s->bypass && ch.readBefore;
            cores[row.core].cost.memConflictCost +=
                part * ((reread ? rereadShare : 0.0) + (ch.concurrent ? sameAddrShare : 0.0));
        }
    }
}

}  // namespace ascendc_sim
