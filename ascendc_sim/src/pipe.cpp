#include "sim/pipe.h"

#include <algorithm>

#include "sim/cube_ops.h"
#include "sim/kernel_rules.h"
#include "sim/sync.h"

namespace ascendc_sim {

std::vector<BufferSlot*> CarveUb(const char* api, uint32_t num, uint32_t len, const void* owner) {
    CoreContext& c = Core();
    Poll(c);
    if (c.pipe == nullptr) Fail(api, "no live TPipe on this core");
    if (num == 0 || len == 0) Fail(api, Str("buffer count ", num, " and length ", len, " must be positive"));
    uint64_t rounded = (uint64_t{len} + 31) / 32 * 32;  // UB buffers are 32-byte granules
    uint64_t total = c.ubUsed + rounded * num;
    CheckPipeCapacity(c, api, total, num, len, rounded);
    if (c.pipeBuffers + num > kMaxPipeBuffers) {
        Fail(api, Str(num, " more buffers bring the TPipe to ", c.pipeBuffers + num, ", beyond the ", kMaxPipeBuffers,
                      " one TPipe manages (QBUF_MAX_LEN)"));
    }
    c.pipeBuffers += num;
    std::vector<BufferSlot*> slots;
    for (uint32_t i = 0; i < num; ++i) {
        BufferSlot& s = c.slots.emplace_back();
        s.base = c.ub + c.ubUsed;
        s.bytes = static_cast<uint32_t>(rounded);
        s.owner = owner;
        c.ubUsed += rounded;
        slots.push_back(&s);
    }
    PoisonBuffer(c, DefSpace::kUb, slots.front()->base - c.ub, rounded * num, api);
    c.cost.ubBytesAllocated = std::max(c.cost.ubBytesAllocated, c.ubUsed);
    if (num >= 2) c.cost.doubleBuffered = true;
    return slots;
}

void QueueCore::Init(const char* api, std::vector<BufferSlot*> slots, int32_t depth) {
    if (!slots_.empty() && slots_.front()->owner == this) Fail(api, "queue or buffer initialized twice");
    slots_ = std::move(slots);
    for (BufferSlot* s : slots_) s->owner = this;
    fifo_.clear();
    depth_ = depth;
    cursor_ = 0;
}

void QueueCore::CheckOwned(const char* api) const {
    if (slots_.empty()) Fail(api, "queue has no buffers (TPipe::InitBuffer not called)");
    if (slots_.front()->owner != this) Fail(api, "queue used after its TPipe was reset or destroyed");
}

// TQueBind::AllocBuffer (asc-devkit impl/basic_api/kernel_tquebind_impl.h): a cursor walks the buffers round robin,
// advancing past every buffer it looks at, and takes the first free one; so consecutive allocations of a
// double-buffered queue alternate buffers even when each is freed before the next alloc.
BufferSlot* QueueCore::Alloc(const char* api) {
    Poll(Core());
    CheckOwned(api);
    for (std::size_t looked = 0; looked < slots_.size(); ++looked) {
        BufferSlot* s = slots_[cursor_];
        cursor_ = (cursor_ + 1) % slots_.size();
        if (s->state == BufferSlot::State::kFree) {
            s->state = BufferSlot::State::kAllocated;
            // A tensor fresh from AllocTensor holds no value (what an earlier tile left there is not the kernel's).
            CoreContext& c = Core();
            if (s->cubeBuffer < 0) {
                PoisonBuffer(c, DefSpace::kUb, s->base - c.ub, s->bytes, api);
            } else {
                PoisonBuffer(c, DefSpace::kCube, CubeDefAddress(c, *s), s->bytes, api);
            }
            return s;
        }
    }
    Fail(api, Str("all ", slots_.size(),
                  " buffers of the queue are in use (alloc beyond the InitBuffer count; "
                  "on hardware this blocks forever)"));
}

void QueueCore::Enque(const char* api, BufferSlot* slot, uint32_t generation) {
    CheckOwned(api);
    if (slot->owner != this) Fail(api, "tensor belongs to another queue");
    if (slot->generation != generation || slot->state == BufferSlot::State::kFree) {
        Fail(api, "tensor was freed");
    }
    if (slot->state == BufferSlot::State::kEnqueued) Fail(api, "tensor is already in the queue");
    if (static_cast<int32_t>(fifo_.size()) >= depth_) {
        Fail(api, Str("queue depth ", depth_, " exceeded: ", fifo_.size(), " tensors already queued"));
    }
    slot->state = BufferSlot::State::kEnqueued;
    fifo_.push_back(slot);
}

BufferSlot* QueueCore::Deque(const char* api) {
    Poll(Core());
    CheckOwned(api);
    if (fifo_.empty()) Fail(api, "queue is empty (DeQue without EnQue; on hardware this blocks forever)");
    BufferSlot* s = fifo_.front();
    fifo_.erase(fifo_.begin());
    s->state = BufferSlot::State::kAllocated;
    return s;
}

void QueueCore::Free(const char* api, BufferSlot* slot, uint32_t generation) {
    CheckOwned(api);
    if (slot->owner != this) Fail(api, "tensor belongs to another queue");
    if (slot->state == BufferSlot::State::kFree || slot->generation != generation) Fail(api, "double free");
    if (slot->state == BufferSlot::State::kEnqueued) Fail(api, "tensor is still in the queue (EnQue without DeQue)");
    slot->state = BufferSlot::State::kFree;
    ++slot->generation;
}

bool QueueCore::HasIdleBuffer() const {
    return std::any_of(slots_.begin(), slots_.end(),
                       [](const BufferSlot* s) { return s->state == BufferSlot::State::kFree; });
}

BufferSlot* QueueCore::Only(const char* api) const {
    Poll(Core());
    CheckOwned(api);
    BufferSlot* s = slots_.front();
    s->state = BufferSlot::State::kAllocated;
    return s;
}

}  // namespace ascendc_sim

namespace AscendC {

TPipe::TPipe() {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    if (c.pipe != nullptr) ascendc_sim::Fail("TPipe", "a second TPipe on one core (UB would be handed out twice)");
    c.pipe = this;
    c.ubUsed = 0;
    c.cube.used.fill(0);
    c.pipeBuffers = 0;
}

TPipe::~TPipe() {
    // May run while the core unwinds after an error: must not fail.
    ascendc_sim::CoreContext* c = ascendc_sim::tlsCore;
    if (live_ && c != nullptr && c->pipe == this) {
        for (ascendc_sim::BufferSlot& s : c->slots) {
            if (s.fixed) continue;
            s.owner = nullptr;
            ++s.generation;
        }
        c->pipe = nullptr;
    }
}

void TPipe::Reset() {
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    for (ascendc_sim::BufferSlot& s : c.slots) {
        if (s.fixed) continue;
        s.owner = nullptr;
        s.state = ascendc_sim::BufferSlot::State::kFree;
        ++s.generation;
    }
    c.ubUsed = 0;
    c.cube.used.fill(0);
    c.pipeBuffers = 0;
}

// kernel_tpipe_impl.h (asc-devkit impl/basic_api): Destroy ends with pipe_barrier(PIPE_ALL), so a later pipe's work
// is ordered after this one's.
void TPipe::Destroy() {
    Reset();
    ascendc_sim::NotePipeBarrier(ascendc_sim::Core(), PIPE_ALL);
    ascendc_sim::Core().pipe = nullptr;
    live_ = false;
}

}  // namespace AscendC
