// Definedness as byte ranges (memcheck's V bits, kept as the ranges no instruction defined): the undefined spans of
// one address space, each with the reason it is undefined. The cost is per range touched, never per byte.
#pragma once
#include <cstdint>
#include <map>

#include "sim/call_site.h"

namespace ascendc_sim {

// Why bytes hold no defined value: `what` (a phrase), the API that left them so and its kernel line.
struct UndefOrigin {
    const char* what = "never written";
    const char* api = nullptr;  // nullptr: since the launch began
    SourceLine line;
    const char* via = nullptr;  // the last instruction that carried them on, and its line
    SourceLine viaLine;
    bool clobbered = false;  // live data an API's scratch overwrote: any read of it is an error at once
};

struct UndefSpan {
    uint64_t end;
    UndefOrigin origin;
};

class UndefMap {
public:
    bool Empty() const { return spans_.empty(); }
    void Clear() { spans_.clear(); }
    // [b, e) becomes undefined for `origin`, whatever it was.
    void Poison(uint64_t b, uint64_t e, const UndefOrigin& origin);
    // [b, e) becomes defined.
    void Define(uint64_t b, uint64_t e);
    bool AnyUndef(uint64_t b, uint64_t e) const;
    // f(lo, hi, origin) for each undefined part of [b, e), in address order.
    template <typename F>
    void ForEachUndef(uint64_t b, uint64_t e, F&& f) const {
        if (b >= e) return;
        auto it = spans_.upper_bound(b);
        if (it != spans_.begin() && std::prev(it)->second.end > b) it = std::prev(it);
        for (; it != spans_.end() && it->first < e; ++it) {
            const uint64_t lo = it->first > b ? it->first : b;
            const uint64_t hi = it->second.end < e ? it->second.end : e;
            if (lo < hi) f(lo, hi, it->second.origin);
        }
    }
    // f(lo, hi) for each defined part of [b, e).
    template <typename F>
    void ForEachDefined(uint64_t b, uint64_t e, F&& f) const {
        uint64_t cursor = b;
        ForEachUndef(b, e, [&](uint64_t lo, uint64_t hi, const UndefOrigin&) {
            if (lo > cursor) f(cursor, lo);
            cursor = hi;
        });
        if (cursor < e) f(cursor, e);
    }

private:
    std::map<uint64_t, UndefSpan>::iterator SplitAt(uint64_t at);
    std::map<uint64_t, UndefSpan> spans_;  // disjoint, keyed by begin
};

}  // namespace ascendc_sim
