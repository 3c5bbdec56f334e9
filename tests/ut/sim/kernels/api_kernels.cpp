// One-core kernels of the twin's kernel-API breadth: static tensors, mask control, the repeat-form reductions and
// their special registers, the high-level element-wise APIs, assertions, scalar helpers and two TPipes in
// sequence. The case arrives as a struct by value, the element count as a scalar.

// ascendc_assert follows NDEBUG as in CANN's CPU-debug build; this file checks it, so it is on here.
#undef NDEBUG
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_api_case.h"

using namespace AscendC;

namespace {

// x, y -> z through static tensors: InitSocState, LocalMemAllocator, manual MTE2 -> V -> MTE3 flags.
__aicore__ inline void StaticAdd(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t n) {
    InitSocState();
    GlobalTensor<float> xg, yg, zg;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), n);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), n);
    zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z), n);
    LocalMemAllocator<Hardware::UB> ub;
    const uint32_t len = AlignUp(n, 8);
    LocalTensor<float> a = ub.Alloc<TPosition::VECIN, float>(len);
    LocalTensor<float> b = ub.Alloc<TPosition::VECIN, float>(len);
    LocalTensor<float> c(TPosition::VECOUT, ub.GetCurAddr(), len);
    DataCopy(a, xg, len);
    DataCopy(b, yg, len);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Add(c, a, b, len);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(zg, c, len);
}

// x, y in one VECIN buffer, z out of a VECOUT buffer (zeroed first), tmp a VECCALC buffer; `destroy` ends the
// pipe through GetTPipePtr()->Destroy().
template <typename Body>
__aicore__ inline void InUb(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t n, Body body, bool destroy = false) {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    TQue<TPosition::VECOUT, 1> out;
    TBuf<TPosition::VECCALC> tmp;
    pipe.InitBuffer(in, 1, 2 * n * sizeof(float));
    pipe.InitBuffer(out, 1, n * sizeof(float));
    pipe.InitBuffer(tmp, 2 * n * sizeof(float));
    GlobalTensor<float> xg, yg, zg;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), n);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y), n);
    zg.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(z), n);
    LocalTensor<float> xy = in.AllocTensor<float>();
    DataCopy(xy, xg, n);
    DataCopy(xy[n], yg, n);
    in.EnQue(xy);
    xy = in.DeQue<float>();
    LocalTensor<float> o = out.AllocTensor<float>();
    Duplicate(o, 0.0f, n);
    LocalTensor<float> a = xy;
    a.SetSize(n);
    body(o, a, xy[n], tmp.Get<float>());
    out.EnQue(o);
    in.FreeTensor(xy);
    o = out.DeQue<float>();
    DataCopy(zg, o, n);
    out.FreeTensor(o);
    if (destroy) GetTPipePtr()->Destroy();
}

__aicore__ inline void HighLevel(const SimApiCase& k, const LocalTensor<float>& o, const LocalTensor<float>& a,
                                 const LocalTensor<uint8_t>& tmp) {
    const uint32_t n = k.n;
    switch (k.mode) {
        case 0:
            Sigmoid(o, a, tmp, n);
            break;
        case 1:
            Tanh(o, a, n);
            break;
        case 2:
            Sin(o, a, tmp, n);
            break;
        case 3:
            Cos(o, a);
            break;
        case 4:
            Erf(o, a, n);
            break;
        case 5:
            Atan(o, a, tmp);
            break;
        case 6:
            Silu(o, a, n);
            break;
        case 7:
            Gelu(o, a, n);
            break;
        case 8:
            Swish(o, a, n, k.scalar);
            break;
        case 9:
            Floor(o, a, n);
            break;
        case 10:
            Sign(o, a, n);
            break;
        default:
            ascendc_assert(false, "unknown high-level case %d", k.mode);
    }
}

}  // namespace

extern "C" __global__ __vector__ void simtest_api(GM_ADDR x, GM_ADDR y, GM_ADDR z, SimApiCase k, uint32_t n) {
    switch (k.op) {
        case kApiStaticAdd:
            StaticAdd(x, y, z, n);
            return;
        case kApiTwoPipes:  // two TPipes one after the other: Destroy orders the second's copies after the first
            for (int pass = 0; pass < 2; ++pass) {
                InUb(
                    x, y, z, n,
                    [](const LocalTensor<float>& o, const LocalTensor<float>& a, const LocalTensor<float>& b,
                       const LocalTensor<float>&) { Add(o, a, b, 64); },
                    true);
            }
            return;
        default:
            break;
    }
    InUb(x, y, z, n,
         [&k](const LocalTensor<float>& o, const LocalTensor<float>& a, const LocalTensor<float>& b,
              const LocalTensor<float>& tmp) {
             const uint32_t count = k.n;
             switch (k.op) {
                 case kApiMaskCounter:  // counter mode: count elements, repeats derived; then back to normal mode
                     SetMaskCount();
                     SetVectorMask<float, MaskMode::COUNTER>(0, count);
                     Add<float, false>(o, a, b, MASK_PLACEHOLDER, 1, BinaryRepeatParams());
                     SetMaskNorm();
                     ResetMask();
                     break;
                 case kApiMaskNormal:  // the first `mode` lanes of each of 2 repeats from the register (< 0: lanes 0
                                       // and 2)
                     if (k.mode < 0) {
                         SetVectorMask<float>(0, 5);
                     } else {
                         SetVectorMask<float>(k.mode);
                     }
                     Mul<float, false>(o, a, b, MASK_PLACEHOLDER, 2, BinaryRepeatParams());
                     ResetMask();
                     break;
                 case kApiBitMask: {  // lanes [0, mode) as a bit mask, in a unary and a scalar repeat form
                     const uint32_t lanes = static_cast<uint32_t>(k.mode);
                     const uint64_t bits[2] = {lanes >= 64 ? ~uint64_t{0} : (uint64_t{1} << lanes) - 1, 0};
                     Exp(o, a, bits, 2, UnaryRepeatParams());
                     Maxs(o, o, k.scalar, bits, 2, UnaryRepeatParams());
                     break;
                 }
                 case kApiReduceMax:  // z[0] max, z[1] its index bits, z[2] the register's value, z[3] its index
                 case kApiReduceMin: {
                     const bool isMax = k.op == kApiReduceMax;
                     if (isMax) {
                         ReduceMax(o, a, tmp, 64, static_cast<int32_t>(count / 64), 8, true);
                     } else {
                         ReduceMin(o, a, tmp, 64, static_cast<int32_t>(count / 64), 8, true);
                     }
                     float value = 0, index = 0;
                     GetReduceRepeatMaxMinSpr(value, index);
                     o.SetValue(2, value);
                     o.SetValue(3, index);
                     break;
                 }
                 case kApiReduceSum:  // z[0] sum over the repeats of `mode` lanes, z[1] the register
                     ReduceSum(o, a, tmp, k.mode, static_cast<int32_t>(count / 64), 8);
                     o.SetValue(1, GetReduceRepeatSumSpr<float>());
                     break;
                 case kApiReduceMinCount:
                     ReduceMin(o, a, tmp, k.mode, true);
                     break;
                 case kApiWholeReduceMax:  // per repeat of 64: value, index (dstRepStride counts pairs)
                     WholeReduceMax(o, a, 64, static_cast<int32_t>(count / 64), 1, 1, 8);
                     break;
                 case kApiWholeReduceMin:  // per repeat of 64: index only
                     WholeReduceMin(o, a, 64, static_cast<int32_t>(count / 64), 1, 1, 8, ReduceOrder::ORDER_ONLY_INDEX);
                     break;
                 case kApiHighLevel:
                     HighLevel(k, o, a, tmp.ReinterpretCast<uint8_t>());
                     break;
                 case kApiScalarHelpers:  // the unqualified ccec helpers and the kernel utilities
                     o.SetValue(0, max(a.GetValue(0), b.GetValue(0)));
                     o.SetValue(1, min(a.GetValue(1), b.GetValue(1)));
                     o.SetValue(2, static_cast<float>(max(3, 7) + min(2u, 5u)));
                     o.SetValue(3, static_cast<float>(DivCeil(count, 48) * 1000 + AlignUp(count, 48)));
                     o.SetValue(4, static_cast<float>(block_idx + block_num * 10));  // ccec's builtin variables
                     break;
                 case kApiReduceDataBlockMax:  // per repeat the 8 block maxima
                     ReduceDataBlock<ReduceType::MAX, float, float>(o, a, 64, static_cast<int32_t>(count / 64), 1, 1,
                                                                    8);
                     break;
                 case kApiReducePairSum:  // per repeat 32 pair sums (dstRepStride in 128 bytes)
                     ReducePairElem<ReduceType::SUM, float, float>(o, a, 64, static_cast<int32_t>(count / 64), 1, 1, 8);
                     break;
                 case kApiReduceRepeatSum:  // one sum per repeat
                     ReduceRepeat<ReduceType::SUM, float, float>(o, a, 64, static_cast<int32_t>(count / 64), 1, 1, 8);
                     break;
                 case kApiCompound:
                     if (k.mode == 0) AddRelu(o, a, b, count);
                     if (k.mode == 1) SubRelu(o, a, b, count);
                     if (k.mode == 2) LeakyRelu(o, a, k.scalar, count);
                     if (k.mode == 3) {  // o = b, then o = a * o + a
                         Adds(o, b, 0.0f, count);
                         FusedMulAdd(o, a, a, count);
                     }
                     if (k.mode == 4) {
                         Adds(o, b, 0.0f, count);
                         FusedMulAddRelu(o, a, a, count);
                     }
                     break;
                 case kApiPrintf:
                     AscendC::printf("simtest_api n=%u half=%.2f\n", count, half(1.5f));
                     PRINTF("block %ld of %ld\n", static_cast<long>(GetBlockIdx()), static_cast<long>(GetBlockNum()));
                     DumpTensor(a, 7, 4);
                     break;
                 case kApiOperators: {  // over the destination's elements
                     LocalTensor<float> d = o;
                     if (k.mode == 0) d = a + b;
                     if (k.mode == 1) d = a - b;
                     if (k.mode == 2) d = a * b;
                     if (k.mode == 3) d = a / b;
                     break;
                 }
                 case kApiCounterReduce:  // counter mode: count elements, the last repeat partial
                     SetMaskCount();
                     SetVectorMask<float, MaskMode::COUNTER>(0, count);
                     if (k.mode == 0)
                         ReduceRepeat<ReduceType::SUM, float, float, false>(o, a, MASK_PLACEHOLDER, 1, 1, 1, 8);
                     if (k.mode == 1) ReduceSum<float, false>(o, a, tmp, MASK_PLACEHOLDER, 1, 8);
                     if (k.mode == 2) ReduceMax<float, false>(o, a, tmp, MASK_PLACEHOLDER, 1, 8, true);
                     SetMaskNorm();
                     ResetMask();
                     break;
                 case kApiAssert:
                     ascendc_assert(count < 32, "count %u", count);
                     ASSERT(count < 16);
                     break;
                 default:
                     break;
             }
         });
}
