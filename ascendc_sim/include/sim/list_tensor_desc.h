// ListTensorDesc / TensorDesc: how a kernel reads a dynamic input or output list (e.g. Split's outputs).
// Layout of the GM buffer (asc-devkit docs/zh/api/SIMD-API/基础API/辅助数据结构/ListTensorDesc.md and its
// kernel-side implementation, read for the facts only), all uint64 words:
//   word 0                 byte offset from the buffer start to the data-pointer list
//   per tensor i           one header word (low 32 bits: dim count; high 32 bits: the index i), then dim shape
//                          words; every tensor of a list has the same dim count
//   data-pointer list      one device address per tensor
// The count is the first header's high half when non-zero, else the last header's index + 1; a list of pointers
// only is written as dim 0 with the one header followed by 0xffffffff (offset 24). length / shapeSize, when given,
// are checked against the decoded buffer. Every word is a checked scalar GM read on the twin.
#pragma once
#include <cstdint>
#include <cstring>

#include "sim/context.h"
#include "sim/gm_access.h"
#include "sim/qualifiers.h"
#include "sim/tensor.h"

namespace ascendc_sim {

inline uint64_t ReadListWord(const char* api, const uint64_t* word) {
    CoreContext& c = Core();
    Poll(c);
    CheckGm(c, api, word, sizeof(uint64_t), GmAccess::kRead);
    ++c.cost.scalarGmAccesses;
    ChargePipe(c, Pipe::kS, Soc(c).cost.scalarGmAccessCycles);
    uint64_t v;
    std::memcpy(&v, word, sizeof(v));
    return v;
}

}  // namespace ascendc_sim

namespace AscendC {

template <typename T>
class TensorDesc {
public:
    __aicore__ inline void SetShapeAddr(uint64_t* shape) { shape_ = shape; }
    __aicore__ inline uint64_t GetDim() { return dim_; }
    __aicore__ inline uint64_t GetIndex() { return index_; }
    __aicore__ inline uint64_t GetShape(uint32_t i, ascendc_sim::CallSite = {}) {
        if (i >= dim_) ascendc_sim::Fail("TensorDesc::GetShape", ascendc_sim::Str("axis ", i, " >= dim ", dim_));
        return shape_[i];
    }
    __aicore__ inline __gm__ T* GetDataPtr() { return ptr_; }
    __aicore__ inline GlobalTensor<T> GetDataObj() {
        uint64_t n = 1;
        for (uint32_t i = 0; i < dim_; ++i) n *= shape_[i];
        GlobalTensor<T> t;
        t.SetGlobalBuffer(ptr_, n);
        return t;
    }

private:
    friend class ListTensorDesc;
    uint32_t dim_ = 0;
    uint32_t index_ = 0;
    uint64_t* shape_ = nullptr;
    __gm__ T* ptr_ = nullptr;
};

class ListTensorDesc {
public:
    __aicore__ inline ListTensorDesc() {}
    __aicore__ inline ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff,
                                     ascendc_sim::CallSite = {}) {
        Init(data, length, shapeSize);
    }

    __aicore__ inline void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff,
                                ascendc_sim::CallSite = {}) {
        using ascendc_sim::Fail;
        using ascendc_sim::Str;
        const char* api = "ListTensorDesc::Init";
        if (data == nullptr) Fail(api, "data is null");
        auto* words = static_cast<const uint64_t*>(data);
        const uint64_t ptrOffset = ascendc_sim::ReadListWord(api, words);
        if (ptrOffset < 24 || ptrOffset % sizeof(uint64_t) != 0) {
            Fail(api, Str("data-pointer offset ", ptrOffset, " is not a word offset past the header"));
        }
        shapes_ = words + 1;
        pointers_ = words + ptrOffset / sizeof(uint64_t);
        const uint64_t head = ascendc_sim::ReadListWord(api, shapes_);
        dim_ = static_cast<uint32_t>(head & 0xffffffffu);
        descWords_ = dim_ == 0 ? 2 : 1 + dim_;
        const auto first = static_cast<uint32_t>(head >> 32);
        count_ = first != 0 ? first
                            : static_cast<uint32_t>(ascendc_sim::ReadListWord(api, pointers_ - descWords_) >> 32) + 1;
        const bool consistent = dim_ != 0
                                    ? count_ == (ptrOffset - sizeof(uint64_t)) / (descWords_ * sizeof(uint64_t))
                                    : ptrOffset == 24 && ascendc_sim::ReadListWord(api, shapes_ + 1) == 0xffffffffu;
        if (!consistent) {
            Fail(api, Str("count ", count_, " (dim ", dim_, ") does not match the data-pointer offset ", ptrOffset));
        }
        if (length != 0xffffffffu && shapeSize != 0xffffffffu &&
            (count_ != shapeSize || length != ptrOffset + count_ * sizeof(uint64_t))) {
            Fail(api, Str("decoded ", count_, " tensors in ", ptrOffset + count_ * sizeof(uint64_t),
                          " bytes, but the caller says ", shapeSize, " tensors in ", length, " bytes"));
        }
    }

    template <class T>
    __aicore__ inline void GetDesc(TensorDesc<T>& desc, uint32_t index, ascendc_sim::CallSite = {}) {
        const char* api = "ListTensorDesc::GetDesc";
        CheckIndex(api, index);
        if (dim_ == 0) ascendc_sim::Fail(api, "the list holds data pointers only (dim 0): no shapes to read");
        if (desc.shape_ == nullptr) ascendc_sim::Fail(api, "TensorDesc::SetShapeAddr was not called");
        desc.dim_ = dim_;
        desc.index_ = index;
        desc.ptr_ = GetDataPtr<T>(index);
        const uint64_t* shape = shapes_ + static_cast<uint64_t>(index) * descWords_ + 1;
        for (uint32_t i = 0; i < dim_; ++i) desc.shape_[i] = ascendc_sim::ReadListWord(api, shape + i);
    }

    template <class T>
    __aicore__ inline __gm__ T* GetDataPtr(uint32_t index, ascendc_sim::CallSite = {}) {
        const char* api = "ListTensorDesc::GetDataPtr";
        CheckIndex(api, index);
        return reinterpret_cast<__gm__ T*>(ascendc_sim::ReadListWord(api, pointers_ + index));
    }

    __aicore__ inline uint32_t GetSize() { return count_; }

private:
    void CheckIndex(const char* api, uint32_t index) const {
        if (pointers_ == nullptr) ascendc_sim::Fail(api, "ListTensorDesc was not initialised");
        if (index >= count_) ascendc_sim::Fail(api, ascendc_sim::Str("index ", index, " >= size ", count_));
    }

    const uint64_t* shapes_ = nullptr;
    const uint64_t* pointers_ = nullptr;
    uint32_t dim_ = 0;
    uint32_t descWords_ = 0;
    uint32_t count_ = 0;
};

}  // namespace AscendC
