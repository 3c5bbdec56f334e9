// Static-tensor programming: LocalMemAllocator hands out one local memory (UB, or the cube's L1 / L0A / L0B / L0C)
// from address 0 up, as a TPipe would, but without queues (kernel_tensor.h LocalMemAllocator; the tensors are
// LocalTensor(TPosition, addr, tileSize)).
#pragma once
#include <cstdint>

#include "sim/tensor.h"

namespace AscendC {

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

// The positions each memory takes (TPosition.md: A1/B1/C1/TSCM in L1, A2 in L0A, B2 in L0B, CO1 in L0C, C2 in the
// bias table).
template <Hardware hard, TPosition pos>
inline constexpr bool kPositionIn =
    hard == Hardware::UB ? pos == TPosition::VECIN || pos == TPosition::VECOUT || pos == TPosition::VECCALC
    : hard == Hardware::L1
        ? pos == TPosition::A1 || pos == TPosition::B1 || pos == TPosition::C1 || pos == TPosition::TSCM
    : hard == Hardware::L0A  ? pos == TPosition::A2
    : hard == Hardware::L0B  ? pos == TPosition::B2
    : hard == Hardware::L0C  ? pos == TPosition::CO1
    : hard == Hardware::BIAS ? pos == TPosition::C2
                             : false;

// The position an Alloc without one takes: the memory's first logic position (the twin treats A1 and B1 alike).
template <Hardware hard>
inline constexpr TPosition kDefaultPosition = hard == Hardware::L1     ? TPosition::A1
                                              : hard == Hardware::L0A  ? TPosition::A2
                                              : hard == Hardware::L0B  ? TPosition::B2
                                              : hard == Hardware::L0C  ? TPosition::CO1
                                              : hard == Hardware::BIAS ? TPosition::C2
                                                                       : TPosition::VECCALC;

template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
public:
    static_assert(hard == Hardware::UB || hard == Hardware::L1 || hard == Hardware::L0A || hard == Hardware::L0B ||
                      hard == Hardware::L0C || hard == Hardware::BIAS,
                  "the twin models LocalMemAllocator for UB, L1, L0A, L0B, L0C and BIAS");
    __aicore__ inline LocalMemAllocator() = default;
    __aicore__ inline uint32_t GetCurAddr() const { return head_; }
    template <TPosition pos, class DataType, uint32_t tileSize>
    __aicore__ inline LocalTensor<DataType> Alloc(ascendc_sim::CallSite = {}) {
        return Alloc<pos, DataType>(tileSize);
    }
    template <TPosition pos, class DataType>
    __aicore__ inline LocalTensor<DataType> Alloc(uint32_t tileSize, ascendc_sim::CallSite = {}) {
        static_assert(kPositionIn<hard, pos>, "logic position and Hardware do not match");
        LocalTensor<DataType> t(pos, head_, tileSize);
        head_ += tileSize * sizeof(DataType);
        return t;
    }
    template <class DataType, uint32_t tileSize>
    __aicore__ inline LocalTensor<DataType> Alloc(ascendc_sim::CallSite = {}) {
        return Alloc<kDefaultPosition<hard>, DataType>(tileSize);
    }
    template <class DataType>
    __aicore__ inline LocalTensor<DataType> Alloc(uint32_t tileSize, ascendc_sim::CallSite = {}) {
        return Alloc<kDefaultPosition<hard>, DataType>(tileSize);
    }

private:
    uint32_t head_ = 0;
};

}  // namespace AscendC
