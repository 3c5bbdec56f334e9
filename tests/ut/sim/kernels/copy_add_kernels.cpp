// Throughput and cost-model kernels: a GM->UB->GM copy and a half->float->add->half chain, both tiled and
// double-buffered like production Ascend C kernels.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

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
        pipe_.InitBuffer(que_, kBufferNum, tile_ * sizeof(half));
    }
    __aicore__ inline void Process() {
        for (uint32_t i = 0; i < tiles_; ++i) {
            LocalTensor<half> in = que_.AllocTensor<half>();
            DataCopy(in, xGm_[i * tile_], tile_);
            que_.EnQue(in);
            LocalTensor<half> out = que_.DeQue<half>();
            DataCopy(yGm_[i * tile_], out, tile_);
            que_.FreeTensor(out);
        }
    }

private:
    TPipe pipe_;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, kBufferNum> que_;
    GlobalTensor<half> xGm_, yGm_;
    uint32_t tile_ = 0, tiles_ = 0;
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

}  // namespace

extern "C" __global__ __aicore__ void simtest_copy(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    CopyKernel k;
    k.Init(x, y, t);
    k.Process();
}

extern "C" __global__ __aicore__ void simtest_cast_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    CastAddKernel k;
    k.Init(x, y, z, t);
    k.Process();
}
