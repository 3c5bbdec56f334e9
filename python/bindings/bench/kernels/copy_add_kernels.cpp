// Throughput and cost-model kernels: a GM->UB->GM copy and a half->float->add->half chain, both tiled and
// double-buffered like production Ascend C kernels.
#include "kernel_operator.h"
#include "python/bindings/bench/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

constexpr int32_t kBufferNum = 2;

class CopyKernel {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const SimTestTiling& t) {
        uint32_t perCore = t.totalLength / GetBlockNum();
        tile_ = t.tileLength;
        tiles_ = perCore / tile_;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x) + perCore * GetBlockIdx(), perCore);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y) + perCore * GetBlockIdx(), perCore);
        buffers_ = t.extra != 0 ? t.extra : kBufferNum;  // extra: 1 or 2 buffers
        inOrder_ = t.mode == 1;
        pipe_.InitBuffer(que_, buffers_, tile_ * sizeof(half));
    }
    // Double-buffered: tile i+1's copy-in is issued before tile i's copy-out, so MTE2 and MTE3 overlap. In order
    // (mode 1), each tile is copied in and out before the next alloc: with two buffers the queue's rotation still
    // lets tile i+1's copy-in run while tile i's copy-out does.
    __aicore__ inline void Process() {
        if (tiles_ == 0) return;
        if (buffers_ == 1 || inOrder_) {
            for (uint32_t i = 0; i < tiles_; ++i) {
                CopyIn(i);
                CopyOut(i);
            }
            return;
        }
        CopyIn(0);
        for (uint32_t i = 0; i < tiles_; ++i) {
            if (i + 1 < tiles_) CopyIn(i + 1);
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t i) {
        LocalTensor<half> in = que_.AllocTensor<half>();
        DataCopy(in, xGm_[i * tile_], tile_);
        que_.EnQue(in);
    }
    __aicore__ inline void CopyOut(uint32_t i) {
        LocalTensor<half> out = que_.DeQue<half>();
        DataCopy(yGm_[i * tile_], out, tile_);
        que_.FreeTensor(out);
    }

    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, kBufferNum> que_;
    GlobalTensor<half> xGm_, yGm_;
    uint32_t tile_ = 0, tiles_ = 0, buffers_ = kBufferNum;
    bool inOrder_ = false;
};

// z = half(float(x) + y)
class CastAddKernel {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const SimTestTiling& t) {
        uint32_t perCore = t.totalLength / GetBlockNum();
        tile_ = t.tileLength;
        tiles_ = perCore / tile_;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x) + perCore * GetBlockIdx(), perCore);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + perCore * GetBlockIdx(), perCore);
        zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(z) + perCore * GetBlockIdx(), perCore);
        pipe_.InitBuffer(inX_, kBufferNum, tile_ * sizeof(half));
        pipe_.InitBuffer(inY_, kBufferNum, tile_ * sizeof(float));
        pipe_.InitBuffer(out_, kBufferNum, tile_ * sizeof(half));
        pipe_.InitBuffer(tmp_, tile_ * sizeof(float));
    }
    __aicore__ inline void Process() {
        for (uint32_t i = 0; i < tiles_; ++i) {
            CopyIn(i);
            Compute();
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t i) {
        LocalTensor<half> x = inX_.AllocTensor<half>();
        LocalTensor<float> y = inY_.AllocTensor<float>();
        DataCopy(x, xGm_[i * tile_], tile_);
        DataCopy(y, yGm_[i * tile_], tile_);
        inX_.EnQue(x);
        inY_.EnQue(y);
    }
    __aicore__ inline void Compute() {
        LocalTensor<half> x = inX_.DeQue<half>();
        LocalTensor<float> y = inY_.DeQue<float>();
        LocalTensor<half> z = out_.AllocTensor<half>();
        LocalTensor<float> f = tmp_.Get<float>();
        Cast(f, x, RoundMode::CAST_NONE, tile_);
        Add(f, f, y, tile_);
        Cast(z, f, RoundMode::CAST_NONE, tile_);
        out_.EnQue(z);
        inX_.FreeTensor(x);
        inY_.FreeTensor(y);
    }
    __aicore__ inline void CopyOut(uint32_t i) {
        LocalTensor<half> z = out_.DeQue<half>();
        DataCopy(zGm_[i * tile_], z, tile_);
        out_.FreeTensor(z);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, kBufferNum> inX_, inY_;
    TQue<QuePosition::VECOUT, kBufferNum> out_;
    TBuf<TPosition::VECCALC> tmp_;
    GlobalTensor<half> xGm_, zGm_;
    GlobalTensor<float> yGm_;
    uint32_t tile_ = 0, tiles_ = 0;
};

__aicore__ inline void CopyMain(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    CopyKernel k;
    k.Init(x, y, t);
    k.Process();
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_copy(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    CopyMain(x, y, tiling);
}

// The same copy as ascend310p declares a vector kernel (AICORE; it has no AIV_ONLY, 设置Kernel类型.md).
extern "C" __global__ __aicore__ void simtest_copy_aicore(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AICORE);
    CopyMain(x, y, tiling);
}

extern "C" __global__ __aicore__ void simtest_cast_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    CastAddKernel k;
    k.Init(x, y, z, t);
    k.Process();
}
