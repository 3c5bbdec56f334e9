// Static-tensor programming: LocalMemAllocator hands out UB from address 0 up, as a TPipe would, but without
// queues (kernel_tensor.h LocalMemAllocator; the tensors are LocalTensor(TPosition, addr, tileSize)).
#pragma once
#include <cstdint>

#include "sim/tensor.h"

namespace AscendC {

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
public:
    static_assert(hard == Hardware::UB, "the twin models LocalMemAllocator for Hardware::UB only");
    __aicore__ inline LocalMemAllocator() = default;
    __aicore__ inline uint32_t GetCurAddr() const { return head_; }
    template <TPosition pos, class DataType, uint32_t tileSize>
    __aicore__ inline LocalTensor<DataType> Alloc(ascendc_sim::CallSite = {}) {
        return Alloc<pos, DataType>(tileSize);
    }
    template <TPosition pos, class DataType>
    __aicore__ inline LocalTensor<DataType> Alloc(uint32_t tileSize, ascendc_sim::CallSite = {}) {
        static_assert(pos == TPosition::VECIN || pos == TPosition::VECOUT || pos == TPosition::VECCALC,
                      "logic position and Hardware::UB do not match");
        LocalTensor<DataType> t(pos, head_, tileSize);
        head_ += tileSize * sizeof(DataType);
        return t;
    }
    template <class DataType, uint32_t tileSize>
    __aicore__ inline LocalTensor<DataType> Alloc(ascendc_sim::CallSite = {}) {
        return Alloc<TPosition::VECCALC, DataType>(tileSize);
    }
    template <class DataType>
    __aicore__ inline LocalTensor<DataType> Alloc(uint32_t tileSize, ascendc_sim::CallSite = {}) {
        return Alloc<TPosition::VECCALC, DataType>(tileSize);
    }

private:
    uint32_t head_ = 0;
};

}  // namespace AscendC
