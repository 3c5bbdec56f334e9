// Tiling-key names: one table per operator, {enum value, name}, beside its host tiling. The bindings hand it to
// Python (ascendops.ops.<op> derives its key names from it), so no name is written twice.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ascendops {

template <typename Key>
struct KeyName {
    Key key;
    const char* name;
};

template <typename Key, size_t N>
constexpr const char* NameOfKey(const KeyName<Key> (&table)[N], uint64_t key, const char* fallback = "UNKNOWN") {
    for (const auto& k : table) {
        if (static_cast<uint64_t>(k.key) == key) return k.name;
    }
    return fallback;
}

}  // namespace ascendops
