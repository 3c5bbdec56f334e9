// TPipe, TQue/TQueBind and TBuf: UB carved into 32-byte aligned buffers, checked against the SoC's UB size, with
// strict queue discipline (alloc beyond the buffers, DeQue on empty, double free, use after free are errors).
#pragma once
#include <cstdint>

#include "sim/context.h"
#include "sim/events.h"
#include "sim/queue_core.h"
#include "sim/tensor.h"

namespace ascendc_sim {

// Carves `num` buffers of `len` bytes out of the core's UB for `owner`; fails beyond the SoC's UB.
std::vector<BufferSlot*> CarveUb(const char* api, uint32_t num, uint32_t len, const void* owner);
// The same for a TPosition: the cube positions (A1/B1/A2/B2/CO1) carve the AIC's L1/L0 buffers (cube_ops.cpp).
std::vector<BufferSlot*> CarveLocal(const char* api, int position, uint32_t num, uint32_t len, const void* owner);

template <typename T>
AscendC::LocalTensor<T> TensorOver(BufferSlot* slot, uint32_t bytes) {
    AscendC::LocalTensor<T> t;
    t.Bind(reinterpret_cast<T*>(slot->base), bytes / sizeof(T), slot);
    return t;
}

}  // namespace ascendc_sim

namespace AscendC {

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
public:
    template <typename T>
    __aicore__ inline LocalTensor<T> AllocTensor(ascendc_sim::CallSite = {}) {
        ascendc_sim::BufferSlot* slot = core_.Alloc("AllocTensor");
        ascendc_sim::NoteAllocTensor(ascendc_sim::Core(), slot, int(src), int(dst));
        return ascendc_sim::TensorOver<T>(slot, slot->bytes);
    }
    template <typename T>
    __aicore__ inline bool EnQue(const LocalTensor<T>& tensor, ascendc_sim::CallSite = {}) {
        tensor.CheckLive("EnQue");
        core_.Enque("EnQue", tensor.Slot(), tensor.Slot()->generation);
        ascendc_sim::NoteEnQue(ascendc_sim::Core(), tensor.Slot(), int(src), int(dst));
        return true;
    }
    template <typename T>
    __aicore__ inline LocalTensor<T> DeQue(ascendc_sim::CallSite = {}) {
        ascendc_sim::BufferSlot* slot = core_.Deque("DeQue");
        ascendc_sim::NoteDeQue(ascendc_sim::Core(), slot, int(src), int(dst));
        return ascendc_sim::TensorOver<T>(slot, slot->bytes);
    }
    template <typename T>
    __aicore__ inline void FreeTensor(LocalTensor<T>& tensor, ascendc_sim::CallSite = {}) {
        ascendc_sim::Poll(ascendc_sim::Core());
        if (tensor.Slot() == nullptr) ascendc_sim::Fail("FreeTensor", "LocalTensor was never allocated");
        core_.Free("FreeTensor", tensor.Slot(), tensor.Slot()->generation);
        ascendc_sim::NoteFreeTensor(ascendc_sim::Core(), tensor.Slot(), int(src), int(dst));
    }
    __aicore__ inline bool VacantInQue() { return core_.CountInQueue() < depth; }
    __aicore__ inline bool HasTensorInQue() { return core_.CountInQueue() > 0; }
    __aicore__ inline int32_t GetTensorCountInQue() { return core_.CountInQueue(); }
    __aicore__ inline bool HasIdleBuffer() { return core_.HasIdleBuffer(); }

    ascendc_sim::QueueCore& Core() { return core_; }

private:
    ascendc_sim::QueueCore core_;
};

template <TPosition pos, int32_t depth = 1, auto mask = 0>
class TQue : public TQueBind<pos, pos, depth, mask> {};

template <TPosition pos = TPosition::LCM>
class TBuf {
public:
    template <typename T>
    __aicore__ inline LocalTensor<T> Get(ascendc_sim::CallSite = {}) {
        ascendc_sim::BufferSlot* slot = core_.Only("TBuf::Get");
        return ascendc_sim::TensorOver<T>(slot, slot->bytes);
    }
    template <typename T>
    __aicore__ inline LocalTensor<T> Get(uint32_t len, ascendc_sim::CallSite = {}) {
        ascendc_sim::BufferSlot* slot = core_.Only("TBuf::Get");
        if (uint64_t{len} * sizeof(T) > slot->bytes) {
            ascendc_sim::Fail("TBuf::Get", ascendc_sim::Str(len, " elements of ", sizeof(T), " bytes exceed the ",
                                                            slot->bytes, "-byte buffer"));
        }
        return ascendc_sim::TensorOver<T>(slot, len * sizeof(T));
    }
    template <typename T>
    __aicore__ inline LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset, ascendc_sim::CallSite = {}) {
        ascendc_sim::BufferSlot* slot = core_.Only("TBuf::GetWithOffset");
        if (bufOffset % 32 != 0 || bufOffset + uint64_t{size} * sizeof(T) > slot->bytes) {
            ascendc_sim::Fail("TBuf::GetWithOffset",
                              ascendc_sim::Str("offset ", bufOffset, " (must be 32-byte aligned) + ", size,
                                               " elements exceeds the ", slot->bytes, "-byte buffer"));
        }
        LocalTensor<T> t;
        t.Bind(reinterpret_cast<T*>(slot->base + bufOffset), size, slot);
        return t;
    }

    // A TBuf's tensor is never queued: freeing it does nothing (kernel_tpipe.h of CANN 8.1.RC1 declares it;
    // asc-devkit impl/basic_api/kernel_tbuf_impl.h: TBuf<pos>::FreeTensor is `(void)(0)`).
    template <typename T>
    __aicore__ inline void FreeTensor(LocalTensor<T>& /*tensor*/, ascendc_sim::CallSite = {}) {}

    ascendc_sim::QueueCore& Core() { return core_; }

private:
    ascendc_sim::QueueCore core_;
};

class TPipe {
public:
    TPipe();
    ~TPipe();
    TPipe(const TPipe&) = delete;
    TPipe& operator=(const TPipe&) = delete;

    template <class Que>
    __aicore__ inline bool InitBuffer(Que& que, uint8_t num, uint32_t len, ascendc_sim::CallSite = {}) {
        que.Core().Init("TPipe::InitBuffer", ascendc_sim::CarveLocal("TPipe::InitBuffer", QuePos(que), num, len, &que),
                        QueDepth(que));
        return true;
    }
    template <TPosition pos>
    __aicore__ inline bool InitBuffer(TBuf<pos>& buf, uint32_t len, ascendc_sim::CallSite = {}) {
        buf.Core().Init("TPipe::InitBuffer", ascendc_sim::CarveLocal("TPipe::InitBuffer", int(pos), 1, len, &buf), 0);
        return true;
    }
    // Ids 0-5 (6 and 7 are reserved, SetFlag/WaitFlag doc): Fetch gives one neither allocated nor set, Alloc keeps it.
    template <HardEvent event>
    __aicore__ inline TEventID FetchEventID(ascendc_sim::CallSite = {}) {
        return FetchEventID(event);
    }
    __aicore__ inline TEventID FetchEventID(HardEvent event, ascendc_sim::CallSite = {}) {
        return static_cast<TEventID>(ascendc_sim::FetchEventId(ascendc_sim::Core(), int(event), false));
    }
    template <HardEvent event>
    __aicore__ inline TEventID AllocEventID(ascendc_sim::CallSite = {}) {
        return static_cast<TEventID>(ascendc_sim::FetchEventId(ascendc_sim::Core(), int(event), true));
    }
    template <HardEvent event>
    __aicore__ inline void ReleaseEventID(TEventID id, ascendc_sim::CallSite = {}) {
        ascendc_sim::ReleaseEventId(ascendc_sim::Core(), int(event), id);
    }
    // Releases every buffer: tensors taken before are invalid afterwards.
    void Reset();
    void Destroy();

private:
    template <TPosition s, TPosition d, int32_t depth, auto m>
    static constexpr int32_t QueDepth(const TQueBind<s, d, depth, m>&) {
        return depth;
    }
    template <TPosition s, TPosition d, int32_t depth, auto m>
    static constexpr int QuePos(const TQueBind<s, d, depth, m>&) {
        return int(s);
    }
    bool live_ = true;
};

TPipe* GetTPipePtr();

}  // namespace AscendC
