// The advanced APIs asc-devkit's samples call, on one vector core: src and aux are rows x cols floats (cols a
// multiple of 8), out receives what the mode computes. Modes (adv_api.h): SoftMax from the host's SoftMaxTiling
// (out: dst, then the rows' sum blocks, then their max blocks), LogSoftMax (the same layout), SoftmaxGrad of
// grad = aux and x = src, SoftmaxGradFront (a block per row), Sum of the first cols - 3 of each row, SoftMax then
// AdjustSoftMaxRes of the rows whose max is 3.0f (to -1), the advanced Exp, and the refusals: a failed
// ASCENDC_ASSERT, SoftmaxGrad with isFront, a Sum row not 32-byte aligned.
#include "adv_api.h"
#include "kernel_operator.h"

namespace {

constexpr uint32_t kBlock = 8;  // floats in 32 bytes

void Compute(int32_t mode, uint32_t rows, uint32_t cols, const SoftMaxTiling& tiling, AscendC::LocalTensor<float>& x,
             AscendC::LocalTensor<float>& g, AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& sum,
             AscendC::LocalTensor<float>& max, AscendC::LocalTensor<uint8_t>& tmp) {
    const AscendC::SoftMaxShapeInfo shape{rows, cols, rows, cols};
    switch (mode) {
        case kSoftMax:
            AscendC::SoftMax<float>(dst, sum, max, x, tmp, tiling);  // the shape from the tiling
            break;
        case kLogSoftMax: {
            LogSoftMaxTiling unused;  // asc-devkit's sample passes an empty one with the shape
            AscendC::LogSoftMax<float>(dst, sum, max, x, tmp, unused, shape);
            break;
        }
        case kSoftmaxGrad:
            AscendC::SoftmaxGrad<float>(dst, g, x, tmp, tiling, false, shape);
            break;
        case kSoftmaxGradFront:
            AscendC::SoftmaxGradFront<float>(dst, g, x, tmp, tiling, shape);
            break;
        case kSum: {
            AscendC::SumParams params{rows, cols, cols - 3};
            AscendC::Sum(dst, x, tmp, params);
            break;
        }
        case kAdjust: {
            AscendC::SoftMax<float>(dst, sum, max, x, tmp, tiling, shape);
            const bool any = AscendC::AdjustSoftMaxRes<float, float>(dst, max, 0x40400000u, -1.0f, shape);  // 3.0f
            if (!any) AscendC::Duplicate(dst, 9.0f, static_cast<int32_t>(rows * cols));
            break;
        }
        case kExp:
            AscendC::Exp<float, 10, false>(dst, x, tmp, rows * cols);
            break;
        case kAssert:
            ASCENDC_ASSERT(rows > 1000, { KERNEL_LOG(KERNEL_ERROR, "rows %u too few", rows); });
            break;
        case kGradFront:
            AscendC::SoftmaxGrad<float>(dst, g, x, tmp, tiling, true, shape);
            break;
        case kSumUnaligned: {
            AscendC::SumParams params{rows, cols - 1, cols - 3};
            AscendC::Sum(dst, x, tmp, params);
            break;
        }
        default:
            break;
    }
}

}  // namespace

extern "C" __global__ __aicore__ void adv_api(GM_ADDR src, GM_ADDR aux, GM_ADDR out, uint32_t rows, uint32_t cols,
                                              int32_t mode, SoftMaxTiling tiling) {
    const uint32_t n = rows * cols, blocks = rows * kBlock;
    AscendC::GlobalTensor<float> srcGm, auxGm, outGm;
    srcGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(src), n);
    auxGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(aux), n);
    outGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), n + 2 * blocks);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> xBuf, gBuf, outBuf, tmpBuf;
    pipe.InitBuffer(xBuf, n * sizeof(float));
    pipe.InitBuffer(gBuf, n * sizeof(float));
    pipe.InitBuffer(outBuf, (n + 2 * blocks) * sizeof(float));
    pipe.InitBuffer(tmpBuf, 4096);
    AscendC::LocalTensor<float> x = xBuf.Get<float>(), g = gBuf.Get<float>(), all = outBuf.Get<float>();
    AscendC::LocalTensor<float> dst = all, sum = all[n], max = all[n + blocks];
    AscendC::LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
    AscendC::DataCopy(x, srcGm, n);
    AscendC::DataCopy(g, auxGm, n);
    AscendC::Duplicate(all, 7.0f, static_cast<int32_t>(n + 2 * blocks));
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
    Compute(mode, rows, cols, tiling, x, g, dst, sum, max, tmp);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID0);
    AscendC::DataCopy(outGm, all, n + 2 * blocks);
}
