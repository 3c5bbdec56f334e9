// The bytes of a strided copy as one record: `count` rows of `len` bytes, `pitch` bytes apart, from `start`. The
// race log and the L2 read stamps keep one per copy instead of one per row, and answer overlap queries exactly
// (which bytes both touch, not which spans), in O(1) for rows of one pitch and per row of the sparser side otherwise.
#pragma once
#include <algorithm>
#include <cstdint>

namespace ascendc_sim {

struct StridedRange {
    uint64_t start = 0;
    uint64_t count = 0;  // rows; 0: no byte
    uint64_t len = 0;    // bytes of a row
    uint64_t pitch = 0;  // row to row; >= len (Rows makes touching rows one row, Unmerged keeps them apart)

    // `count` rows of `len` bytes, `pitch` apart; rows that touch or overlap become one contiguous row.
    static StridedRange Rows(uint64_t start, uint64_t count, uint64_t len, uint64_t pitch) {
        if (count == 0 || len == 0) return {start, 0, 0, 0};
        if (count == 1 || pitch <= len) {
            const uint64_t span = (count - 1) * pitch + len;
            return {start, 1, span, span};
        }
        return {start, count, len, pitch};
    }
    // The same rows kept apart where they touch (pitch == len), for a record that judges each row on its own.
    static StridedRange Unmerged(uint64_t start, uint64_t count, uint64_t len, uint64_t pitch) {
        return pitch >= len && count > 1 && len > 0 ? StridedRange{start, count, len, pitch}
                                                    : Rows(start, count, len, pitch);
    }
    static StridedRange Span(uint64_t begin, uint64_t end) { return Rows(begin, 1, end > begin ? end - begin : 0, 0); }

    bool Empty() const { return count == 0; }
    uint64_t End() const { return count == 0 ? start : start + (count - 1) * pitch + len; }
    uint64_t Bytes() const { return count * len; }

    // Rows [first, last) that hold a byte of [lo, hi) (first == last: none).
    void RowsIn(uint64_t lo, uint64_t hi, uint64_t& first, uint64_t& last) const {
        first = last = 0;
        if (count == 0 || hi <= start || lo >= End() || lo >= hi) return;
        // the first row ending after lo, the first row starting at or after hi
        first = lo < start + len ? 0 : (lo - start - len) / pitch + 1;
        last = hi <= start ? 0 : std::min(count, (hi - start + pitch - 1) / pitch);
        if (last < first) last = first;
    }
    // Bytes of the rows inside [lo, hi).
    uint64_t BytesIn(uint64_t lo, uint64_t hi) const {
        uint64_t first = 0, last = 0;
        RowsIn(lo, hi, first, last);
        if (first == last) return 0;
        if (last - first == 1) return Clip(first, lo, hi);
        return Clip(first, lo, hi) + Clip(last - 1, lo, hi) + (last - first - 2) * len;  // the inner rows whole
    }
    // The lowest common bytes [lo, hi) of this and `o`, inside one row of each (lo == hi: none).
    void FirstOverlap(const StridedRange& o, uint64_t& lo, uint64_t& hi) const {
        lo = hi = 0;
        const uint64_t from = std::max(start, o.start), to = std::min(End(), o.End());
        if (count == 0 || o.count == 0 || from >= to) return;
        if (pitch == o.pitch && count > 1 && o.count > 1) return SamePitchOverlap(o, from, to, lo, hi);
        const StridedRange& walk = RowCount(from, to) <= o.RowCount(from, to) ? *this : o;
        const StridedRange& other = &walk == this ? o : *this;
        uint64_t first = 0, last = 0;
        walk.RowsIn(from, to, first, last);
        for (uint64_t r = first; r < last; ++r) {
            const uint64_t b = std::max(walk.start + r * walk.pitch, from);
            const uint64_t e = std::min(walk.start + r * walk.pitch + walk.len, to);
            if (other.FirstIn(b, e, lo, hi)) return;
        }
    }
    bool Intersects(const StridedRange& o) const {
        uint64_t lo = 0, hi = 0;
        FirstOverlap(o, lo, hi);
        return lo < hi;
    }

private:
    uint64_t RowCount(uint64_t lo, uint64_t hi) const {
        uint64_t first = 0, last = 0;
        RowsIn(lo, hi, first, last);
        return last - first;
    }
    uint64_t Clip(uint64_t r, uint64_t lo, uint64_t hi) const {
        const uint64_t b = std::max(start + r * pitch, lo), e = std::min(start + r * pitch + len, hi);
        return e > b ? e - b : 0;
    }
    // The first bytes of the rows inside [b, e).
    bool FirstIn(uint64_t b, uint64_t e, uint64_t& lo, uint64_t& hi) const {
        uint64_t first = 0, last = 0;
        RowsIn(b, e, first, last);
        if (first == last) return false;
        lo = std::max(start + first * pitch, b);
        hi = std::min(start + first * pitch + len, e);
        return lo < hi;
    }
    // One pitch p: row k of this meets row k + m of `o` iff -o.len < (o.start - start) + m * p < len, which holds
    // for at most three m (len, o.len <= p); each m meets on the rows k both sides have.
    void SamePitchOverlap(const StridedRange& o, uint64_t from, uint64_t to, uint64_t& lo, uint64_t& hi) const {
        const auto p = static_cast<int64_t>(pitch);
        const int64_t d = static_cast<int64_t>(o.start) - static_cast<int64_t>(start);
        const auto la = static_cast<int64_t>(len), lb = static_cast<int64_t>(o.len);
        const auto na = static_cast<int64_t>(count), nb = static_cast<int64_t>(o.count);
        // m from ceil((-lb - d + 1) / p) to floor((la - 1 - d) / p)
        auto floorDiv = [](int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
        const int64_t mLo = -floorDiv(lb - 1 + d, p), mHi = floorDiv(la - 1 - d, p);
        uint64_t best = UINT64_MAX, bestEnd = 0;
        for (int64_t m = mLo; m <= mHi; ++m) {
            const int64_t k = std::max<int64_t>(0, -m);
            if (k >= std::min(na, nb - m)) continue;
            const uint64_t a = start + static_cast<uint64_t>(k) * pitch;
            const uint64_t b = o.start + static_cast<uint64_t>(k + m) * pitch;
            const uint64_t l = std::max(a, b), h = std::min(a + len, b + o.len);
            if (l < h && l < best) best = l, bestEnd = h;
        }
        if (best != UINT64_MAX && best >= from && bestEnd <= to) lo = best, hi = bestEnd;
    }
};

}  // namespace ascendc_sim
