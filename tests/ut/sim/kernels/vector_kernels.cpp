// One-core kernels running a single vector instruction (chosen by tiling.op) on x, y -> z, per dtype.
#include <type_traits>

#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

enum VecOp : int32_t {
    kAdd,
    kSub,
    kMul,
    kDiv,
    kMax,
    kMin,
    kAdds,
    kMuls,
    kMaxs,
    kMins,
    kAbs,
    kExp,
    kLn,
    kSqrt,
    kRsqrt,
    kReciprocal,
    kRelu,
    kDuplicate,
    kAnd,
    kOr,
    kNot,
    kShiftLeft,
    kShiftRight,
    kAxpy,
    kSigmoid,
    kReduceSum,
    kReduceMax,
    kCompare,
    kSelect,
    kSelectScalar,
    kWholeReduceSum,
    kBrcb,
    kCompareScalar,
};

template <typename T>
__aicore__ inline void RunVec(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    uint32_t n = t.totalLength;
    GlobalTensor<T> xGm, yGm, zGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), n);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), n);
    zGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z), n);
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, by, bz, bm;
    pipe.InitBuffer(bx, n * sizeof(T));
    pipe.InitBuffer(by, n * sizeof(T));
    pipe.InitBuffer(bz, n * sizeof(T));
    pipe.InitBuffer(bm, n * sizeof(T));
    LocalTensor<T> a = bx.Get<T>(), b = by.Get<T>(), d = bz.Get<T>();
    LocalTensor<uint8_t> mask = bm.Get<uint8_t>();
    DataCopy(a, xGm, n);
    DataCopy(b, yGm, n);
    DataCopy(d, zGm, n);
    int32_t cnt = static_cast<int32_t>(t.extra != 0 ? t.extra : n);
    T s = T(t.scalar);
    switch (t.op) {
        case kAdd:
            Add(d, a, b, cnt);
            break;
        case kSub:
            Sub(d, a, b, cnt);
            break;
        case kMul:
            Mul(d, a, b, cnt);
            break;
        case kDiv:
            Div(d, a, b, cnt);
            break;
        case kMax:
            Max(d, a, b, cnt);
            break;
        case kMin:
            Min(d, a, b, cnt);
            break;
        case kAdds:
            Adds(d, a, s, cnt);
            break;
        case kMuls:
            Muls(d, a, s, cnt);
            break;
        case kMaxs:
            Maxs(d, a, s, cnt);
            break;
        case kMins:
            Mins(d, a, s, cnt);
            break;
        case kAbs:
            Abs(d, a, cnt);
            break;
        case kExp:
            Exp(d, a, cnt);
            break;
        case kLn:
            Ln(d, a, cnt);
            break;
        case kSqrt:
            Sqrt(d, a, cnt);
            break;
        case kRsqrt:
            Rsqrt(d, a, cnt);
            break;
        case kReciprocal:
            Reciprocal(d, a, cnt);
            break;
        case kRelu:
            Relu(d, a, cnt);
            break;
        case kDuplicate:
            Duplicate(d, s, cnt);
            break;
        case kAxpy:
            Axpy(b, a, s, cnt);
            DataCopy(d, b, n);
            break;
        case kSigmoid:
            Sigmoid(d, a, bm.Get<uint8_t>(), cnt);
            break;
        case kReduceSum:
            ReduceSum(d, a, b, cnt);
            break;
        case kReduceMax:
            ReduceMax(d, a, b, cnt, true);
            break;
        case kCompare:
            Compare(mask, a, b, static_cast<CMPMODE>(t.mode), cnt);
            DataCopy(d, mask.ReinterpretCast<T>(), n);
            break;
        case kCompareScalar:
            CompareScalar(mask, a, s, static_cast<CMPMODE>(t.mode), cnt);
            DataCopy(d, mask.ReinterpretCast<T>(), n);
            break;
        case kSelect:
            Compare(mask, a, b, CMPMODE::LT, n);
            Select(d, mask, a, b, static_cast<SELMODE>(t.mode), cnt);
            break;
        case kSelectScalar:
            Compare(mask, a, b, CMPMODE::LT, n);
            Select(d, mask, a, s, SELMODE::VSEL_TENSOR_SCALAR_MODE, cnt);
            break;
        case kWholeReduceSum:
            WholeReduceSum(d, a, t.mode, n * sizeof(T) / 256, 1, 1, 8);
            break;
        case kBrcb:
            Brcb(d, a, n * sizeof(T) / 256, BrcbRepeatParams(1, 8));
            break;
        default:
            if constexpr (std::is_integral_v<T>) {
                switch (t.op) {
                    case kAnd:
                        And(d, a, b, cnt);
                        break;
                    case kOr:
                        Or(d, a, b, cnt);
                        break;
                    case kNot:
                        Not(d, a, cnt);
                        break;
                    case kShiftLeft:
                        ShiftLeft(d, a, s, cnt);
                        break;
                    case kShiftRight:
                        ShiftRight(d, a, s, cnt);
                        break;
                    default:
                        break;
                }
            }
            break;
    }
    DataCopy(zGm, d, n);
}

}  // namespace

#define SIMTEST_VEC(T, name)                                                                                    \
    extern "C" __global__ __aicore__ void simtest_vec_##name(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) { \
        RunVec<T>(x, y, z, tiling);                                                                             \
    }
SIMTEST_VEC(half, float16)
SIMTEST_VEC(float, float32)
SIMTEST_VEC(int16_t, int16)
SIMTEST_VEC(uint16_t, uint16)
SIMTEST_VEC(int32_t, int32)
SIMTEST_VEC(int8_t, int8)
#undef SIMTEST_VEC
