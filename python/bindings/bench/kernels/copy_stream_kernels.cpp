// Read-only GM -> UB copy streams in the patterns of asc-devkit's data_copy best-practice sample (scenarios 1-8: copy
// size, unaligned rows, L2 reuse, same-address reads across cores), and an empty kernel (the launch term). Written
// for the twin from the sample's README (no code). One difference forced by the twin's rules: the sample overwrites
// one UB buffer with every copy; here the copies rotate over the UB's slots with a PipeBarrier<PIPE_MTE2> each time
// the slots wrap (a same-pipe write-after-write needs one, PipeBarrier doc).
#include "kernel_operator.h"
#include "python/bindings/bench/kernels/copy_stream_tiling.h"

using namespace AscendC;

namespace {

constexpr uint32_t kUbBytes = 184 * 1024;  // TOTAL_VEC_LOCAL_SIZE on dav-c220

class CopyStream {
public:
    __aicore__ inline void Init(GM_ADDR src, const CopyStreamTiling& t) {
        t_ = t;
        src_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(src), uint64_t{t.m} * t.n);
        if (t.l2Bypass != 0) src_.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
        slotBytes_ = t.tileM * ((t.tileN * sizeof(half) + 31) / 32 * 32);
        slots_ = kUbBytes / slotBytes_;
        pipe_.InitBuffer(ub_, slots_ * slotBytes_);
    }

    __aicore__ inline void Process() {
        const uint32_t blocks = GetBlockNum(), idx = GetBlockIdx(), coreM = t_.m / blocks;
        if (t_.mode == kStreamRepeat4) {
            for (int r = 0; r < 4; ++r) Rows(idx * coreM, coreM, 0, t_.n);
        } else if (t_.mode == kStreamQuarters4) {
            for (uint32_t q = 0; q < 4; ++q) {
                for (int r = 0; r < 4; ++r) Rows(idx * coreM, coreM, q * (t_.n / 4), t_.n / 4);
            }
        } else if (t_.mode == kStreamSameAddr || t_.mode == kStreamStaggered) {
            for (uint32_t b = 0; b < blocks; ++b) {
                const uint32_t block = t_.mode == kStreamStaggered ? (b + idx) % blocks : b;
                Rows(block * coreM, coreM, 0, t_.n);
            }
        } else {
            Rows(idx * coreM, coreM, 0, t_.n);
        }
    }

private:
    // Rows [row0, row0 + rows) x columns [col0, col0 + cols), tileM x tileN per copy, rows outer.
    __aicore__ inline void Rows(uint32_t row0, uint32_t rows, uint32_t col0, uint32_t cols) {
        for (uint32_t r = 0; r < rows; r += t_.tileM) {
            for (uint32_t c = 0; c < cols; c += t_.tileN) {
                const uint32_t w = cols - c < t_.tileN ? cols - c : t_.tileN;
                Copy(uint64_t{row0 + r} * t_.n + col0 + c, w);
            }
        }
    }

    __aicore__ inline void Copy(uint64_t offset, uint32_t cols) {
        if (slot_ == slots_) {
            PipeBarrier<PIPE_MTE2>();
            slot_ = 0;
        }
        LocalTensor<half> dst = ub_.GetWithOffset<half>(slotBytes_ / sizeof(half), slot_ * slotBytes_);
        const DataCopyExtParams p(static_cast<uint16_t>(t_.tileM), cols * sizeof(half), (t_.n - cols) * sizeof(half), 0,
                                  0);
        DataCopyPad(dst, src_[offset], p, DataCopyPadExtParams<half>(false, 0, 0, 0));
        ++slot_;
    }

    TPipe pipe_;
    TBuf<TPosition::VECCALC> ub_;
    GlobalTensor<half> src_;
    CopyStreamTiling t_{};
    uint32_t slotBytes_ = 0, slots_ = 0, slot_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void simtest_copy_stream(GM_ADDR src, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(CopyStreamTiling);
    GET_TILING_DATA(t, tiling);
    CopyStream op;
    op.Init(src, t);
    op.Process();
}

// Nothing but the launch: its modeled time is the launch term of its block count.
extern "C" __global__ __aicore__ void simtest_empty(GM_ADDR unused) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    (void)unused;
}
