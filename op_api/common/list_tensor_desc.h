// The GM buffer a kernel reads with ListTensorDesc (a dynamic input or output list), built on the host:
// word 0 = byte offset of the data-pointer list; per tensor a header word (dim | index << 32) and its dim shape
// words; then one device address per tensor. A list of rank-0 tensors is the pointers-only form (header
// count << 32, then 0xffffffff, pointers at byte 24). Layout: asc-devkit ListTensorDesc.md (facts only).
#pragma once
#include <cstdint>
#include <vector>

namespace ascendops {

// All shapes must have the same rank (ListTensorDesc reads one dim count for the whole list).
std::vector<uint64_t> ListTensorDescWords(const std::vector<std::vector<int64_t>>& shapes,
                                          const std::vector<const void*>& data);

}  // namespace ascendops
