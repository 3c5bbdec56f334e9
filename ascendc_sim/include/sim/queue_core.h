// The type-independent state of a TQue/TQueBind/TBuf: its UB buffers and the alloc/enqueue/free discipline.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/context.h"

namespace ascendc_sim {

class QueueCore {
public:
    // Called by TPipe::InitBuffer: `num` buffers of `bytes` (already 32-byte rounded) each.
    void Init(const char* api, std::vector<BufferSlot*> slots, int32_t depth);
    BufferSlot* Alloc(const char* api);
    void Enque(const char* api, BufferSlot* slot, uint32_t generation);
    BufferSlot* Deque(const char* api);
    void Free(const char* api, BufferSlot* slot, uint32_t generation);
    int32_t CountInQueue() const { return static_cast<int32_t>(fifo_.size()); }
    bool HasIdleBuffer() const;
    bool Initialized() const { return !slots_.empty(); }
    // TBuf: its single buffer, permanently allocated.
    BufferSlot* Only(const char* api) const;

private:
    void CheckOwned(const char* api) const;

    std::vector<BufferSlot*> slots_;
    std::vector<BufferSlot*> fifo_;
    int32_t depth_ = 0;
    std::size_t cursor_ = 0;  // the next buffer AllocTensor looks at
};

}  // namespace ascendc_sim
