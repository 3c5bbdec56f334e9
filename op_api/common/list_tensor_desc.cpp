#include "list_tensor_desc.h"

namespace ascendops {

std::vector<uint64_t> ListTensorDescWords(const std::vector<std::vector<int64_t>>& shapes,
                                          const std::vector<const void*>& data) {
    const uint64_t count = data.size();
    const uint64_t dim = shapes.empty() ? 0 : shapes[0].size();
    std::vector<uint64_t> words;
    if (dim == 0) {
        words = {24, count << 32, 0xffffffffull};
    } else {
        words.push_back(sizeof(uint64_t) * (1 + count * (1 + dim)));
        for (uint64_t i = 0; i < count; ++i) {
            words.push_back(dim | (i << 32));
            for (int64_t d : shapes[i]) words.push_back(static_cast<uint64_t>(d));
        }
    }
    for (const void* p : data) words.push_back(reinterpret_cast<uint64_t>(p));
    return words;
}

}  // namespace ascendops
