#include "sim/undef_map.h"

#include <iterator>

namespace ascendc_sim {
namespace {

bool SameOrigin(const UndefOrigin& a, const UndefOrigin& b) {
    return a.what == b.what && a.api == b.api && a.line.file == b.line.file && a.line.line == b.line.line &&
           a.via == b.via && a.viaLine.file == b.viaLine.file && a.viaLine.line == b.viaLine.line &&
           a.clobbered == b.clobbered;
}

}  // namespace

std::map<uint64_t, UndefSpan>::iterator UndefMap::SplitAt(uint64_t at) {
    auto it = spans_.upper_bound(at);
    if (it == spans_.begin()) return it;
    auto prev = std::prev(it);
    if (prev->first == at) return prev;
    if (prev->second.end <= at) return it;
    UndefSpan tail = prev->second;
    prev->second.end = at;
    return spans_.emplace_hint(it, at, tail);
}

void UndefMap::Define(uint64_t b, uint64_t e) {
    if (b >= e || spans_.empty()) return;
    auto it = spans_.upper_bound(b);
    if (it != spans_.begin() && std::prev(it)->second.end > b) it = std::prev(it);
    if (it == spans_.end() || it->first >= e) return;  // nothing undefined there: the common case costs one lookup
    SplitAt(e);
    auto first = SplitAt(b);
    auto last = first;
    while (last != spans_.end() && last->first < e) ++last;
    spans_.erase(first, last);
}

void UndefMap::Poison(uint64_t b, uint64_t e, const UndefOrigin& origin) {
    if (b >= e) return;
    Define(b, e);
    auto next = spans_.lower_bound(b);
    if (next != spans_.begin()) {
        auto prev = std::prev(next);
        if (prev->second.end == b && SameOrigin(prev->second.origin, origin)) {
            prev->second.end = e;
            if (next != spans_.end() && next->first == e && SameOrigin(next->second.origin, origin)) {
                prev->second.end = next->second.end;
                spans_.erase(next);
            }
            return;
        }
    }
    if (next != spans_.end() && next->first == e && SameOrigin(next->second.origin, origin)) {
        UndefSpan merged{next->second.end, origin};
        spans_.erase(next);
        spans_.emplace(b, merged);
        return;
    }
    spans_.emplace(b, UndefSpan{e, origin});
}

bool UndefMap::AnyUndef(uint64_t b, uint64_t e) const {
    if (b >= e || spans_.empty()) return false;
    auto it = spans_.upper_bound(b);
    if (it != spans_.begin() && std::prev(it)->second.end > b) return true;
    return it != spans_.end() && it->first < e;
}

}  // namespace ascendc_sim
