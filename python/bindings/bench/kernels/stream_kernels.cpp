// A streaming kernel for the AI core vs AI core + Vector Core comparison on ascend310p (`ascendops bench copy
// --vector-cores`): tiles dealt to blocks in contiguous runs (any block count), double-buffered GM -> UB -> GM.
// tiling.op 0: a half copy (Split's shape); 1: a float -> half cast per tile after tiling.extra in-place Exp passes
// (Cast's shape; extra > 0 makes it vector-heavier). tiling.mode: the KernelMetaType the kernel declares.
#include "kernel_operator.h"
#include "python/bindings/bench/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

constexpr int32_t kBufferNum = 2;

template <typename In, typename Out>
class StreamKernel {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const SimTestTiling& t) {
        tile_ = t.tileLength;
        const uint32_t tiles = t.totalLength / tile_;
        // Block b: tiles [b T / B, (b + 1) T / B), so 15 blocks split evenly to within one tile.
        const uint32_t first = static_cast<uint64_t>(tiles) * GetBlockIdx() / GetBlockNum();
        tiles_ = static_cast<uint64_t>(tiles) * (GetBlockIdx() + 1) / GetBlockNum() - first;
        passes_ = t.extra;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ In*>(x) + first * tile_, tiles_ * tile_);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ Out*>(y) + first * tile_, tiles_ * tile_);
        pipe_.InitBuffer(in_, kBufferNum, tile_ * sizeof(In));
        if constexpr (!kCopy) pipe_.InitBuffer(out_, kBufferNum, tile_ * sizeof(Out));
    }
    // Tile i+1's copy-in is issued before tile i's compute and copy-out, so MTE2, V and MTE3 overlap.
    __aicore__ inline void Process() {
        if (tiles_ == 0) return;
        CopyIn(0);
        for (uint32_t i = 0; i < tiles_; ++i) {
            if (i + 1 < tiles_) CopyIn(i + 1);
            if constexpr (kCopy) {
                LocalTensor<In> v = in_.template DeQue<In>();
                DataCopy(yGm_[i * tile_], v, tile_);
                in_.FreeTensor(v);
            } else {
                Compute();
                LocalTensor<Out> v = out_.template DeQue<Out>();
                DataCopy(yGm_[i * tile_], v, tile_);
                out_.FreeTensor(v);
            }
        }
    }

private:
    static constexpr bool kCopy = std::is_same_v<In, Out>;
    // A copy needs no vector step: one bound queue carries the tile from MTE2 to MTE3.
    using InQue = std::conditional_t<kCopy, TQueBind<TPosition::VECIN, TPosition::VECOUT, kBufferNum>,
                                     TQue<QuePosition::VECIN, kBufferNum>>;

    __aicore__ inline void CopyIn(uint32_t i) {
        LocalTensor<In> v = in_.template AllocTensor<In>();
        DataCopy(v, xGm_[i * tile_], tile_);
        in_.EnQue(v);
    }
    __aicore__ inline void Compute() {
        LocalTensor<In> x = in_.template DeQue<In>();
        for (uint32_t p = 0; p < passes_; ++p) Exp(x, x, tile_);
        LocalTensor<Out> y = out_.template AllocTensor<Out>();
        Cast(y, x, RoundMode::CAST_NONE, tile_);
        out_.EnQue(y);
        in_.FreeTensor(x);
    }

    TPipe pipe_;
    InQue in_;
    TQue<QuePosition::VECOUT, kBufferNum> out_;
    GlobalTensor<In> xGm_;
    GlobalTensor<Out> yGm_;
    uint32_t tile_ = 0, tiles_ = 0, passes_ = 0;
};

template <typename In, typename Out>
__aicore__ inline void StreamMain(GM_ADDR x, GM_ADDR y, const SimTestTiling& t) {
    StreamKernel<In, Out> k;
    k.Init(x, y, t);
    k.Process();
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_stream(GM_ADDR x, GM_ADDR y, GM_ADDR ws, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    KERNEL_TASK_TYPE_DEFAULT(static_cast<KernelMetaType>(t.mode));
    if (t.op == 0) {
        StreamMain<half, half>(x, y, t);
    } else {
        StreamMain<float, half>(x, y, t);
    }
}
