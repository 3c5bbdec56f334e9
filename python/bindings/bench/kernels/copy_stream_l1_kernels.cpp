// The AIC's read-only GM -> L1 ND2NZ stream of asc-devkit's data_copy best-practice sample (GM -> L1 scenarios 1-3:
// copy size, unaligned rows) and the empty kernel of the other kernel types (AIC-only, MIX 1:2): the launch term per
// kernel type. Written for the twin from the sample's README (no code). As on the AIV (copy_stream_kernels.cpp), the
// copies rotate over L1's slots with a PipeBarrier<PIPE_MTE2> each time the slots wrap, where the sample overwrites
// one buffer (a same-pipe write-after-write needs one, PipeBarrier doc).
#include "kernel_operator.h"
#include "python/bindings/bench/kernels/copy_stream_tiling.h"

using namespace AscendC;

namespace {

constexpr uint32_t kL1Bytes = 512 * 1024;  // Ascend910B1.ini [AICoreSpec] l1_size
constexpr uint32_t kC0 = 16;               // halves per 32-byte C0 block, rows per fractal

class CopyStreamL1 {
public:
    __aicore__ inline void Init(GM_ADDR src, const CopyStreamTiling& t) {
        t_ = t;
        src_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(src), uint64_t{t.m} * t.n);
        rowsPad_ = (t.tileM + kC0 - 1) / kC0 * kC0;
        slotHalves_ = rowsPad_ * ((t.tileN + kC0 - 1) / kC0 * kC0);
        slots_ = kL1Bytes / (slotHalves_ * sizeof(half));
        l1_ = LocalMemAllocator<Hardware::L1>().Alloc<TPosition::A1, half>(slots_ * slotHalves_);
    }

    // Each AIC its m / blocks rows once, tileM x tileN per ND2NZ copy, rows outer (the sample's walk).
    __aicore__ inline void Process() {
        const uint32_t coreM = t_.m / GetBlockNum(), row0 = GetBlockIdx() * coreM;
        for (uint32_t r = 0; r < coreM; r += t_.tileM) {
            for (uint32_t c = 0; c < t_.n; c += t_.tileN) {
                Copy(uint64_t{row0 + r} * t_.n + c, t_.n - c < t_.tileN ? t_.n - c : t_.tileN);
            }
        }
    }

private:
    __aicore__ inline void Copy(uint64_t offset, uint32_t cols) {
        if (slot_ == slots_) {
            PipeBarrier<PIPE_MTE2>();
            slot_ = 0;
        }
        // one ND matrix of tileM rows x cols into Nz: C0 blocks rowsPad_ rows apart, rows one block apart
        const Nd2NzParams p(1, static_cast<uint16_t>(t_.tileM), static_cast<uint16_t>(cols), 0,
                            static_cast<uint16_t>(t_.n), static_cast<uint16_t>(rowsPad_), 1, 0);
        DataCopy(l1_[slot_ * slotHalves_], src_[offset], p);
        ++slot_;
    }

    LocalTensor<half> l1_;
    GlobalTensor<half> src_;
    CopyStreamTiling t_{};
    uint32_t rowsPad_ = 0, slotHalves_ = 0, slots_ = 0, slot_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void simtest_copy_stream_l1(GM_ADDR src, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
    REGISTER_TILING_DEFAULT(CopyStreamTiling);
    GET_TILING_DATA(t, tiling);
    CopyStreamL1 op;
    op.Init(src, t);
    op.Process();
}

// Nothing but the launch, per kernel type: its modeled time is the launch term of its block count.
extern "C" __global__ __aicore__ void simtest_empty_aic(GM_ADDR unused) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
    (void)unused;
}

// A MIX kernel needs a workspace (设置Kernel类型.md); it is left unused.
extern "C" __global__ __aicore__ void simtest_empty_mix(GM_ADDR workspace, GM_ADDR unused) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    (void)workspace;
    (void)unused;
}
