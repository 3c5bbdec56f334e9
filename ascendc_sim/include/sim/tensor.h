// GlobalTensor (GM) and LocalTensor (UB) views with the bounds, alignment and lifetime checks of the twin.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sim/context.h"
#include "sim/dtype_of.h"
#include "sim/gm_access.h"
#include "sim/gm_definedness.h"
#include "sim/shape_info.h"
#include "sim/types.h"

namespace AscendC {

enum class TPosition : uint8_t {
    GM,
    A1,
    A2,
    B1,
    B2,
    C1,
    C2,
    CO1,
    CO2,
    VECIN,
    VECOUT,
    VECCALC,
    LCM = VECCALC,
    SPM,
    SHM = SPM,
    TSCM,
    C2PIPE2GM,
    C2PIPE2LOCAL,
    MAX,
};
using QuePosition = TPosition;

enum class CacheMode : uint8_t { CACHE_MODE_DISABLE, CACHE_MODE_NORMAL, CACHE_MODE_LAST, CACHE_MODE_PERSISTENT };

// The 4-bit signed integer (kernel_utils_constants.h int4b_t), two to a byte in memory. Declared so kernels that
// name it in type lists compile; a tensor of it is not modeled and fails to compile (below).
struct int4b_t {
    uint8_t storage = 0;
};

template <typename T>
class GlobalTensor {
    static_assert(!std::is_same_v<T, int4b_t>, "int4b_t tensors (two elements a byte) are not modeled by the twin");

public:
    using PrimType = T;

    __aicore__ inline void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize = 0) {
        addr_ = buffer;
        size_ = bufferSize;
        sized_ = bufferSize != 0;
    }
    __aicore__ inline __gm__ T* GetPhyAddr() const { return addr_; }
    __aicore__ inline __gm__ T* GetPhyAddr(uint64_t offset) const { return addr_ + offset; }
    __aicore__ inline uint64_t GetSize() const { return size_; }
    // A cache hint: no effect on results; CACHE_MODE_DISABLE keeps this tensor's reads out of L2 in the cost model.
    __aicore__ inline void SetL2CacheHint(CacheMode mode) { l2Bypass_ = mode == CacheMode::CACHE_MODE_DISABLE; }
    bool L2Bypass() const { return l2Bypass_; }  // twin internal

    __aicore__ inline GlobalTensor operator[](uint64_t offset) const {
        GlobalTensor t;
        t.addr_ = addr_ + offset;
        t.sized_ = sized_;
        t.l2Bypass_ = l2Bypass_;
        t.size_ = sized_ ? (offset <= size_ ? size_ - offset : 0) : 0;
        return t;
    }

    __aicore__ inline T GetValue(uint64_t offset, ascendc_sim::CallSite = {}) const {
        auto& c = ascendc_sim::Core();
        ascendc_sim::Poll(c);
        CheckRange(c, "GlobalTensor::GetValue", offset, 1, ascendc_sim::GmAccess::kRead);
        ascendc_sim::NoteGm(c, "GlobalTensor::GetValue", ascendc_sim::Pipe::kS, addr_ + offset, sizeof(T), false);
        ascendc_sim::RequireDefinedGm(c, "GlobalTensor::GetValue", addr_ + offset, sizeof(T));
        ++c.cost.scalarGmAccesses;
        ascendc_sim::ChargePipe(c, ascendc_sim::Pipe::kS, ascendc_sim::Soc(c).cost.scalarGmAccessCycles);
        T value;
        ascendc_sim::CacheLoad(c, "GlobalTensor::GetValue", addr_ + offset, &value, sizeof(T));
        uint64_t bits = 0;
        std::memcpy(&bits, &value, sizeof(T) < 8 ? sizeof(T) : 8);
        ascendc_sim::NoteGmPoll(c, addr_ + offset, bits);
        return value;
    }
    __aicore__ inline void SetValue(uint64_t offset, T value, ascendc_sim::CallSite = {}) const {
        auto& c = ascendc_sim::Core();
        ascendc_sim::Poll(c);
        CheckRange(c, "GlobalTensor::SetValue", offset, 1, ascendc_sim::GmAccess::kWrite);
        ascendc_sim::NoteGm(c, "GlobalTensor::SetValue", ascendc_sim::Pipe::kS, addr_ + offset, sizeof(T), true);
        ascendc_sim::CacheStore(c, "GlobalTensor::SetValue", addr_ + offset, &value, sizeof(T));
        ascendc_sim::DefineGm(c, addr_ + offset, sizeof(T));
        ++c.cost.scalarGmAccesses;
        ascendc_sim::ChargePipe(c, ascendc_sim::Pipe::kS, ascendc_sim::Soc(c).cost.scalarGmAccessCycles);
    }

    // Twin internals: bounds of an access of `count` elements at `offset`, against the device allocation, as CANN's
    // GM overflow check has it (kernel_utils.h CheckGmMemOverflow: the launch's buffers, not the size a
    // GlobalTensor declares); `log` records it for the cross-core race check (sim/gm_race.h).
    void CheckRange(ascendc_sim::CoreContext& c, const char* api, uint64_t offset, uint64_t count,
                    ascendc_sim::GmAccess access, bool log = true) const {
        if (addr_ == nullptr) ascendc_sim::Fail(api, "GlobalTensor has no buffer (SetGlobalBuffer not called)");
        ascendc_sim::CheckGm(c, api, addr_ + offset, count * sizeof(T), access, log);
    }

private:
    T* addr_ = nullptr;
    uint64_t size_ = 0;
    bool sized_ = false;
    bool l2Bypass_ = false;
};

template <typename T>
class LocalTensor;

}  // namespace AscendC

namespace ascendc_sim {

// The slot of a static tensor (LocalTensor(TPosition, addr, tileSize)): `bytes` at UB byte address `addr`, checked
// against the core's UB; the same range again gives the same slot.
BufferSlot* StaticSlot(const char* api, int position, uint64_t addr, uint64_t bytes);
// The same in the cube buffer a cube position lives in (sim/cube_ops.h); nullptr for another position.
BufferSlot* StaticCubeSlot(const char* api, int position, uint64_t addr, uint64_t bytes);

}  // namespace ascendc_sim

namespace AscendC {

template <typename T>
class LocalTensor {
    static_assert(!std::is_same_v<T, int4b_t>, "int4b_t tensors (two elements a byte) are not modeled by the twin");

public:
    using PrimType = T;
    LocalTensor() = default;
    // A static tensor: tileSize elements at UB byte address addr, outside any TPipe (static-tensor programming,
    // LocalMemAllocator; kernel_tensor.h).
    __aicore__ inline LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize, ascendc_sim::CallSite = {}) {
        ascendc_sim::BufferSlot* slot =
            ascendc_sim::StaticSlot("LocalTensor", static_cast<int>(pos), addr, uint64_t{tileSize} * sizeof(T));
        Bind(reinterpret_cast<T*>(slot->base), tileSize, slot);
    }

    // `dst = a + b` and kin (sim/tensor_ops.h): the instruction over this tensor's elements.
    template <typename Expr, typename = typename Expr::IsTensorExpr>
    __aicore__ inline void operator=(const Expr& expr) {
        expr.Process(*this);
    }

    __aicore__ inline LocalTensor operator[](uint32_t offset) const {
        CheckLive("LocalTensor::operator[]");
        if (offset > size_) {
            ascendc_sim::Fail("LocalTensor::operator[]",
                              ascendc_sim::Str("offset ", offset, " beyond tensor of ", size_, " elements"));
        }
        LocalTensor t = *this;
        t.data_ = data_ + offset;
        t.size_ = size_ - offset;
        return t;
    }
    __aicore__ inline T GetValue(uint32_t index, ascendc_sim::CallSite = {}) const {
        CheckElement("LocalTensor::GetValue", index);
        auto& c = ascendc_sim::Core();
        ascendc_sim::NoteUbScalar(c, "LocalTensor::GetValue", data_ + index, sizeof(T), false);
        ascendc_sim::RequireDefinedUb(c, "LocalTensor::GetValue", UbOffset(index), sizeof(T));
        return data_[index];
    }
    __aicore__ inline void SetValue(uint32_t index, T value, ascendc_sim::CallSite = {}) const {
        CheckElement("LocalTensor::SetValue", index);
        auto& c = ascendc_sim::Core();
        ascendc_sim::NoteUbScalar(c, "LocalTensor::SetValue", data_ + index, sizeof(T), true);
        ascendc_sim::DefineUbBytes(c, UbOffset(index), sizeof(T));
        data_[index] = value;
    }
    // A reference the kernel may read or write: the twin counts it as a write (its bytes become defined).
    __aicore__ inline T& operator()(uint32_t index) const {
        CheckElement("LocalTensor::operator()", index);
        auto& c = ascendc_sim::Core();
        ascendc_sim::NoteUbScalar(c, "LocalTensor::operator()", data_ + index, sizeof(T), true);
        ascendc_sim::DefineUbBytes(c, UbOffset(index), sizeof(T));
        return data_[index];
    }
    template <typename U>
    __aicore__ inline LocalTensor<U> ReinterpretCast(ascendc_sim::CallSite = {}) const {
        CheckLive("LocalTensor::ReinterpretCast");
        LocalTensor<U> t;
        t.data_ = reinterpret_cast<U*>(data_);
        t.size_ = static_cast<uint32_t>(uint64_t{size_} * sizeof(T) / sizeof(U));
        t.slot_ = slot_;
        t.generation_ = generation_;
        return t;
    }
    __aicore__ inline uint32_t GetSize() const { return size_; }
    __aicore__ inline uint32_t GetLength() const { return size_ * sizeof(T); }
    __aicore__ inline void SetSize(uint32_t size, ascendc_sim::CallSite = {}) {
        CheckLive("LocalTensor::SetSize");
        uint64_t room = slot_->base + slot_->bytes - reinterpret_cast<uint8_t*>(data_);
        if (uint64_t{size} * sizeof(T) > room) {
            ascendc_sim::Fail("LocalTensor::SetSize", ascendc_sim::Str("size ", size, " x ", sizeof(T),
                                                                       " bytes exceeds the buffer's ", room, " bytes"));
        }
        size_ = size;
    }
    // The shape advanced APIs read (ShapeInfo.md); a copy or a slice keeps it.
    __aicore__ inline void SetShapeInfo(const ShapeInfo& shapeInfo) { shapeInfo_ = shapeInfo; }
    __aicore__ inline ShapeInfo GetShapeInfo() const { return shapeInfo_; }

    // The UB byte address, as on hardware.
    __aicore__ inline uint64_t GetPhyAddr() const { return reinterpret_cast<uint8_t*>(data_) - ascendc_sim::Core().ub; }

    // Twin internals: the checked element pointer of a vector/copy operand covering `count` elements.
    T* Operand(const char* api, const char* role, uint64_t count) const {
        CheckOperand(api, role, count);
        ascendc_sim::NoteUbOperand(ascendc_sim::Core(), api, role, data_, count * sizeof(T));
        return data_;
    }
    // The same for an operand within `count` elements that touches only the bytes of its footprint `parts`
    // (strided; a mask plan's tail repeat is a second part).
    T* Operand(const char* api, const char* role, uint64_t count, const ascendc_sim::Footprint* touched,
               std::size_t parts = 1) const {
        CheckOperand(api, role, count);
        ascendc_sim::NoteUbOperand(ascendc_sim::Core(), api, role, touched, parts);
        return data_;
    }
    T* Data() const { return data_; }
    // Twin internals: the UB byte offset of element `index`.
    uint64_t UbOffset(uint64_t index = 0) const {
        return reinterpret_cast<const uint8_t*>(data_ + index) - ascendc_sim::Core().ub;
    }
    void CheckLive(const char* api) const {
        auto& c = ascendc_sim::Core();
        ascendc_sim::Poll(c);
        if (slot_ == nullptr) ascendc_sim::Fail(api, "LocalTensor was never allocated");
        if (slot_->generation != generation_) {
            ascendc_sim::Fail(api, "LocalTensor used after FreeTensor (or after its pipe was reset)");
        }
    }
    void Bind(T* data, uint32_t size, ascendc_sim::BufferSlot* slot) {
        data_ = data;
        size_ = size;
        slot_ = slot;
        generation_ = slot->generation;
    }
    ascendc_sim::BufferSlot* Slot() const { return slot_; }

private:
    template <typename U>
    friend class LocalTensor;

    void CheckOperand(const char* api, const char* role, uint64_t count) const {
        CheckLive(api);
        CheckInUb(api, role);
        uint64_t addr = reinterpret_cast<uint8_t*>(data_) - ascendc_sim::Core().ub;
        if (addr % 32 != 0) {
            ascendc_sim::Fail(api, ascendc_sim::Str(role, " UB address ", addr, " is not 32-byte aligned"));
        }
        if (count > size_) {
            ascendc_sim::Fail(api,
                              ascendc_sim::Str(role, " covers ", count, " elements but the LocalTensor has ", size_));
        }
    }

    void CheckElement(const char* api, uint32_t index) const {
        CheckLive(api);
        CheckInUb(api, "scalar access");
        if (index >= size_) {
            ascendc_sim::Fail(api, ascendc_sim::Str("index ", index, " beyond tensor of ", size_, " elements"));
        }
    }

    // Vector, copy and scalar operands are UB; the cube buffers take the cube APIs only (sim/cube_ops.h).
    void CheckInUb(const char* api, const char* role) const {
        if (slot_->cubeBuffer >= 0) {
            ascendc_sim::Fail(api, ascendc_sim::Str(role, " is a cube-buffer (L1/L0) tensor, not UB"));
        }
    }

    T* data_ = nullptr;
    uint32_t size_ = 0;
    ascendc_sim::BufferSlot* slot_ = nullptr;
    uint32_t generation_ = 0;
    ShapeInfo shapeInfo_;
};

}  // namespace AscendC
