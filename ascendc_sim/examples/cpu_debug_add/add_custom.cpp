// z = x + y in half, 8 cores, each its 2048 elements in tiles of 256 through double-buffered queues: an Ascend C
// kernel as a CPU-debug project compiles it, unchanged for the NPU.
#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr int32_t kPerCore = 2048;
constexpr int32_t kTile = 256;
constexpr int32_t kBuffers = 2;

class AddKernel {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
        const int64_t start = GetBlockIdx() * kPerCore;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x) + start, kPerCore);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y) + start, kPerCore);
        zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(z) + start, kPerCore);
        pipe_.InitBuffer(xQue_, kBuffers, kTile * sizeof(half));
        pipe_.InitBuffer(yQue_, kBuffers, kTile * sizeof(half));
        pipe_.InitBuffer(zQue_, kBuffers, kTile * sizeof(half));
    }
    __aicore__ inline void Process() {
        for (int32_t i = 0; i < kPerCore / kTile; ++i) {
            CopyIn(i);
            Compute();
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(int32_t i) {
        LocalTensor<half> x = xQue_.AllocTensor<half>();
        LocalTensor<half> y = yQue_.AllocTensor<half>();
        DataCopy(x, xGm_[i * kTile], kTile);
        DataCopy(y, yGm_[i * kTile], kTile);
        xQue_.EnQue(x);
        yQue_.EnQue(y);
    }
    __aicore__ inline void Compute() {
        LocalTensor<half> x = xQue_.DeQue<half>();
        LocalTensor<half> y = yQue_.DeQue<half>();
        LocalTensor<half> z = zQue_.AllocTensor<half>();
        Add(z, x, y, kTile);
        zQue_.EnQue(z);
        xQue_.FreeTensor(x);
        yQue_.FreeTensor(y);
    }
    __aicore__ inline void CopyOut(int32_t i) {
        LocalTensor<half> z = zQue_.DeQue<half>();
        DataCopy(zGm_[i * kTile], z, kTile);
        zQue_.FreeTensor(z);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, kBuffers> xQue_, yQue_;
    TQue<QuePosition::VECOUT, kBuffers> zQue_;
    GlobalTensor<half> xGm_, yGm_, zGm_;
};

}  // namespace

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    AddKernel op;
    op.Init(x, y, z);
    op.Process();
}
