// Device memory handed between the host and the twin without a second pass over it (the Python fronts' uploads
// and downloads, python/bindings/backend_twin.cpp): the allocations are sim/device_memory.h's, guards and
// definedness included; only who writes the bytes first and who frees the block differ.
#pragma once
#include <cstddef>

namespace ascendc_sim {

// A device allocation of `bytes` holding a copy of `host` (defined): the copy is its first write, so it never
// holds the fresh pattern. nullptr as DeviceMalloc.
void* DeviceMallocCopy(const void* host, std::size_t bytes);
// Ends the live allocation at `p` (nullptr if there is none) and returns its host block, which FreeDetached frees;
// the bytes stay at `p`. For an output the caller returns as host memory: the launch has checked its guards.
void* DetachToHost(void* p);
void FreeDetached(void* block);

}  // namespace ascendc_sim
