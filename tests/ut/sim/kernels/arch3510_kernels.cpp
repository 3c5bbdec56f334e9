// A kernel built as the twin builds a dav-3510 (Ascend 950) instance, __NPU_ARCH__ 3510 and __DAV_C310__ (the
// registry's dav-3510 defines): the transcendental instructions with and without their precision configs, and the
// launch-architecture rule. tiling.op: 0 Exp, 1 Ln, 2 Sqrt, 3 Rsqrt, 4 Reciprocal, 5 Div (x / 1); tiling.mode: 0 the
// count form with the default config, 1 the count form with PRECISION_1ULP_FTZ_FALSE, 2 the repeat form (default).
#define __NPU_ARCH__ 3510
#define __DAV_C310__
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

constexpr ExpConfig kKeepExp{ExpAlgo::PRECISION_1ULP_FTZ_FALSE};
constexpr LnConfig kKeepLn{LnAlgo::PRECISION_1ULP_FTZ_FALSE};
constexpr SqrtConfig kKeepSqrt{SqrtAlgo::PRECISION_1ULP_FTZ_FALSE};
constexpr RsqrtConfig kKeepRsqrt{RsqrtAlgo::PRECISION_1ULP_FTZ_FALSE};
constexpr ReciprocalConfig kKeepReciprocal{ReciprocalAlgo::PRECISION_1ULP_FTZ_FALSE};
constexpr DivConfig kKeepDiv{DivAlgo::PRECISION_1ULP_FTZ_FALSE};

void Count(int32_t op, bool keep, const LocalTensor<float>& y, const LocalTensor<float>& x,
           const LocalTensor<float>& ones, int32_t n) {
    switch (op) {
        case 0:
            keep ? Exp<float, kKeepExp>(y, x, n) : Exp(y, x, n);
            break;
        case 1:
            keep ? Ln<float, kKeepLn>(y, x, n) : Ln(y, x, n);
            break;
        case 2:
            keep ? Sqrt<float, kKeepSqrt>(y, x, n) : Sqrt(y, x, n);
            break;
        case 3:
            keep ? Rsqrt<float, kKeepRsqrt>(y, x, n) : Rsqrt(y, x, n);
            break;
        case 4:
            keep ? Reciprocal<float, kKeepReciprocal>(y, x, n) : Reciprocal(y, x, n);
            break;
        default:
            keep ? Div<float, kKeepDiv>(y, x, ones, n) : Div(y, x, ones, n);
    }
}

void Repeat(int32_t op, const LocalTensor<float>& y, const LocalTensor<float>& x, const LocalTensor<float>& ones,
            int32_t n) {
    const uint8_t repeats = static_cast<uint8_t>(n / 64);
    const UnaryRepeatParams u{1, 1, 8, 8};
    const BinaryRepeatParams b{1, 1, 1, 8, 8, 8};
    switch (op) {
        case 0:
            Exp(y, x, 64, repeats, u);
            break;
        case 1:
            Ln(y, x, 64, repeats, u);
            break;
        case 2:
            Sqrt(y, x, 64, repeats, u);
            break;
        case 3:
            Rsqrt(y, x, 64, repeats, u);
            break;
        case 4:
            Reciprocal(y, x, 64, repeats, u);
            break;
        default:
            Div(y, x, ones, 64, repeats, b);
    }
}

}  // namespace

extern "C" __global__ __aicore__ void simtest_arch3510(GM_ADDR x, GM_ADDR y, GM_ADDR ws, GM_ADDR tiling) {
    (void)ws;
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    const int32_t n = static_cast<int32_t>(t.totalLength);  // a multiple of 64
    GlobalTensor<float> xg, yg;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), n);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), n);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 3 * n * sizeof(float));
    LocalTensor<float> xl = buf.Get<float>(), yl = xl[n], ones = xl[2 * n];
    DataCopy(xl, xg, n);
    Duplicate(ones, 1.0f, n);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    if (t.mode == 2) {
        Repeat(t.op, yl, xl, ones, n);
    } else {
        Count(t.op, t.mode == 1, yl, xl, ones, n);
    }
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yg, yl, n);
}
