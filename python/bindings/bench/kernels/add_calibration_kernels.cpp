// z = x + y on half, in the strategies of asc-devkit's add_high_performance sample (cases 0-6): scalar loop or vector
// Add, one or many cores, small or large copies, serial or ping-pong buffers with event flags, L2 bypass on the
// inputs, and UB layouts with or without bank conflicts. Written for the twin from the sample's README (no code).
#include "kernel_operator.h"
#include "python/bindings/bench/kernels/add_calibration_tiling.h"

using namespace AscendC;

namespace {

class AddCalibration {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const AddCalibrationTiling& t) {
        t_ = t;
        const uint32_t blocks = GetBlockNum(), idx = GetBlockIdx();
        const uint32_t base = t.rows / blocks, extra = t.rows % blocks;
        const uint64_t myRows = base + (idx < extra ? 1 : 0);
        const uint64_t firstRow = uint64_t{idx} * base + (idx < extra ? idx : extra);
        count_ = myRows * t.cols;
        const uint64_t start = firstRow * t.cols;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x) + start, count_);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y) + start, count_);
        zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(z) + start, count_);
        if (t.l2Bypass != 0) {  // read once: keep them out of L2
            xGm_.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
            yGm_.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
        }
        pipe_.InitBuffer(ub_, t.ubBytes);
        if (t.idleQueue != 0) pipe_.InitBuffer(idle_, 2, 32);
    }

    __aicore__ inline void Process() {
        uint64_t tiles = (count_ + t_.tile - 1) / t_.tile;
        if (t_.tileLimit != 0 && tiles > t_.tileLimit) tiles = t_.tileLimit;
        for (uint64_t i = 0; i < tiles; ++i) {
            const uint32_t b = static_cast<uint32_t>(i % t_.buffers);
            const uint32_t len = static_cast<uint32_t>(count_ - i * t_.tile < t_.tile ? count_ - i * t_.tile : t_.tile);
            const bool slotReused = i + t_.buffers < tiles;
            LocalTensor<half> x = ub_.GetWithOffset<half>(t_.tile, t_.offsets[b][0]);
            LocalTensor<half> y = ub_.GetWithOffset<half>(t_.tile, t_.offsets[b][1]);
            LocalTensor<half> z = ub_.GetWithOffset<half>(t_.tile, t_.offsets[b][2]);
            if (i >= t_.buffers) WaitFlag<HardEvent::V_MTE2>(b);
            DataCopy(x, xGm_[i * t_.tile], len);
            DataCopy(y, yGm_[i * t_.tile], len);
            SetFlag<HardEvent::MTE2_V>(b);
            WaitFlag<HardEvent::MTE2_V>(b);
            if (i >= t_.buffers) WaitFlag<HardEvent::MTE3_V>(b);
            Compute(z, x, y, len);
            if (slotReused) SetFlag<HardEvent::V_MTE2>(b);
            SetFlag<HardEvent::V_MTE3>(b);
            WaitFlag<HardEvent::V_MTE3>(b);
            DataCopy(zGm_[i * t_.tile], z, len);
            if (slotReused) SetFlag<HardEvent::MTE3_V>(b);
        }
    }

private:
    __aicore__ inline void Compute(const LocalTensor<half>& z, const LocalTensor<half>& x, const LocalTensor<half>& y,
                                   uint32_t len) {
        if (t_.scalar == 0) {
            Add(z, x, y, len);
            return;
        }
        for (uint32_t j = 0; j < len; ++j) {
            z.SetValue(j, static_cast<half>(static_cast<float>(x.GetValue(j)) + static_cast<float>(y.GetValue(j))));
        }
    }

    TPipe pipe_;
    TBuf<TPosition::VECCALC> ub_;
    TQue<TPosition::VECIN, 2> idle_;
    GlobalTensor<half> xGm_, yGm_, zGm_;
    AddCalibrationTiling t_{};
    uint64_t count_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void simtest_add_calibration(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(AddCalibrationTiling);
    GET_TILING_DATA(t, tiling);
    AddCalibration k;
    k.Init(x, y, z, t);
    k.Process();
}
