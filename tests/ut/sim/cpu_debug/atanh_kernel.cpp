// A vector kernel named like a libm function, as community operators are: atanh(x) = 0.5 ln((1 + x) / (1 - x)),
// tiles double-buffered through TQue, the element count passed by value.
#include "kernel_operator.h"

namespace {

constexpr int32_t kBufferNum = 2;
constexpr uint32_t kTile = 512;

class KernelAtanh {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength) {
        perCore_ = AscendC::DivCeil(totalLength, AscendC::GetBlockNum());
        const uint32_t begin = perCore_ * AscendC::GetBlockIdx();
        length_ = begin >= totalLength ? 0 : min(perCore_, totalLength - begin);
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + begin, length_);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + begin, length_);
        pipe_.InitBuffer(inQueue_, kBufferNum, kTile * sizeof(float));
        pipe_.InitBuffer(outQueue_, kBufferNum, kTile * sizeof(float));
        pipe_.InitBuffer(work_, kTile * sizeof(float));
    }
    __aicore__ inline void Process() {
        ascendc_assert(length_ % kTile == 0);
        for (uint32_t t = 0; t < length_ / kTile; ++t) {
            AscendC::LocalTensor<float> in = inQueue_.AllocTensor<float>();
            AscendC::DataCopy(in, xGm_[t * kTile], kTile);
            inQueue_.EnQue(in);
            in = inQueue_.DeQue<float>();
            AscendC::LocalTensor<float> out = outQueue_.AllocTensor<float>();
            AscendC::LocalTensor<float> den = work_.Get<float>();
            AscendC::Adds(out, in, 1.0f, kTile);   // 1 + x
            AscendC::Muls(den, in, -1.0f, kTile);  // 1 - x
            AscendC::Adds(den, den, 1.0f, kTile);
            AscendC::Div(out, out, den, kTile);
            AscendC::Ln(out, out, kTile);
            AscendC::Muls(out, out, 0.5f, kTile);
            outQueue_.EnQue(out);
            inQueue_.FreeTensor(in);
            out = outQueue_.DeQue<float>();
            AscendC::DataCopy(yGm_[t * kTile], out, kTile);
            outQueue_.FreeTensor(out);
        }
    }

private:
    AscendC::TPipe pipe_;
    AscendC::TQue<AscendC::TPosition::VECIN, kBufferNum> inQueue_;
    AscendC::TQue<AscendC::TPosition::VECOUT, kBufferNum> outQueue_;
    AscendC::TBuf<AscendC::TPosition::VECCALC> work_;
    AscendC::GlobalTensor<float> xGm_, yGm_;
    uint32_t perCore_ = 0, length_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void atanh(GM_ADDR x, GM_ADDR y, uint32_t totalLength) {
    KernelAtanh op;
    op.Init(x, y, totalLength);
    op.Process();
}
