// y = GELU(x) in place on a float matrix, tanh form x / (1 + exp(-1.5957691 (x + 0.044715 x^3))) in eight vector
// instructions (Mul, Mul, Muls, Add, Muls, Exp, Adds, Div, a PipeBarrier<PIPE_V> between them), as asc-devkit's
// matmul_gelu_high_performance sample computes it on A2 (its README's GELU-only row: 8192 x 8192 on 48 AIV). Written
// for the twin from the README (no code). Double-buffered (TQue depth 2): the published pipe times overlap (aiv_mte2
// + aiv_vec = 1.54 x aiv_time).
#include "kernel_operator.h"
#include "python/bindings/bench/kernels/vector_calibration_tiling.h"

using namespace AscendC;

namespace {

constexpr float kCubic = 0.044715f, kScale = -1.5957691f;

class GeluCalibration {
public:
    __aicore__ inline void Init(GM_ADDR x, const GeluCalibrationTiling& t) {
        t_ = t;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), uint64_t{t.rows} * t.cols);
        len_ = t.tileRows * t.cols;
        pipe_.InitBuffer(inQ_, 2, len_ * sizeof(float));
        pipe_.InitBuffer(outQ_, 2, len_ * sizeof(float));
    }

    __aicore__ inline void Process() {
        const uint32_t tiles = t_.rows / t_.tileRows;
        for (uint32_t tile = GetBlockIdx(); tile < tiles; tile += GetBlockNum()) {
            const uint64_t at = uint64_t{tile} * len_;
            LocalTensor<float> x = inQ_.AllocTensor<float>();
            DataCopy(x, xGm_[at], len_);
            inQ_.EnQue(x);
            x = inQ_.DeQue<float>();
            LocalTensor<float> y = outQ_.AllocTensor<float>();
            Compute(y, x);
            inQ_.FreeTensor(x);
            outQ_.EnQue(y);
            y = outQ_.DeQue<float>();
            DataCopy(xGm_[at], y, len_);
            outQ_.FreeTensor(y);
        }
    }

private:
    __aicore__ inline void Compute(const LocalTensor<float>& y, const LocalTensor<float>& x) {
        Mul(y, x, x, len_);
        PipeBarrier<PIPE_V>();
        Mul(y, y, x, len_);
        PipeBarrier<PIPE_V>();
        Muls(y, y, kCubic, len_);
        PipeBarrier<PIPE_V>();
        Add(y, x, y, len_);
        PipeBarrier<PIPE_V>();
        Muls(y, y, kScale, len_);
        PipeBarrier<PIPE_V>();
        Exp(y, y, len_);
        PipeBarrier<PIPE_V>();
        Adds(y, y, 1.0f, len_);
        PipeBarrier<PIPE_V>();
        Div(y, x, y, len_);
    }

    TPipe pipe_;
    TQue<TPosition::VECIN, 2> inQ_;
    TQue<TPosition::VECOUT, 2> outQ_;
    GlobalTensor<float> xGm_;
    GeluCalibrationTiling t_{};
    uint32_t len_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void simtest_gelu_calibration(GM_ADDR x, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(GeluCalibrationTiling);
    GET_TILING_DATA(t, tiling);
    GeluCalibration op;
    op.Init(x, t);
    op.Process();
}
