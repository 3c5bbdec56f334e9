// One-core kernels running a single vector instruction (chosen by tiling.op) on x, y -> z, per dtype.
#include <type_traits>

#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_sync.h"
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
    kBinaryRepeat,  // repeat-parameter forms; t.mode picks the scenario (RunRepeatForms)
    kMulAddDst,
    kMulAddDstRepeat,
    kScalarRepeat,
    kBlockReduceSum,
};

// The repeat-parameter forms: per = elements of one repeat, reps = repeats covering all n elements.
template <typename T>
__aicore__ inline void RunRepeatForms(const SimTestTiling& t, const LocalTensor<T>& d, const LocalTensor<T>& a,
                                      const LocalTensor<T>& b) {
    constexpr uint32_t kPer = 256 / sizeof(T);
    const int32_t reps = static_cast<int32_t>(t.totalLength * sizeof(T) / 256);
    const uint64_t mask = t.extra != 0 ? t.extra : kPer;
    const T s = T(t.scalar);
    if (t.op == kBinaryRepeat) {
        switch (t.mode) {
            case 0:  // default strides: the count form's layout
                Add(d, a, b, mask, reps, BinaryRepeatParams());
                break;
            case 1:  // src1 row 0 broadcast to every repeat
                Mul(d, a, b, mask, reps, BinaryRepeatParams(1, 1, 1, 8, 8, 0));
                break;
            case 2:  // src1 block r broadcast across repeat r
                Mul(d, a, b, mask, reps, BinaryRepeatParams(1, 1, 0, 8, 8, 1));
                break;
            case 3:  // dst every other block
                Sub(d, a, b, mask, reps / 2, BinaryRepeatParams(2, 1, 1, 16, 8, 8));
                break;
            case 4:  // src1 read past its tensor
                Mul(d, a, b, mask, reps, BinaryRepeatParams(1, 1, 1, 8, 8, 9));
                break;
            case 5:
                Add(d, a, b, mask, 256, BinaryRepeatParams(1, 1, 1, 0, 0, 0));
                break;
            case 6:
                Add(d, a, b, mask, 1, BinaryRepeatParams(1, 1, 1, 256, 8, 8));
                break;
            case 7:  // src0 not 32-byte aligned
                Add(d, a[1], b, mask, 1, BinaryRepeatParams());
                break;
            case 8:  // pairwise block fold: dst block 8 r + j = src block 16 r + 2 j + src block 16 r + 2 j + 1
                Add(d, a, a[32 / sizeof(T)], mask, reps / 2, BinaryRepeatParams(1, 2, 2, 8, 16, 16));
                break;
            default:
                break;
        }
    } else if (t.op == kScalarRepeat) {
        switch (t.mode) {
            case 0:  // src row 0 to every repeat
                Muls(d, a, s, mask, reps, UnaryRepeatParams(1, 1, 8, 0));
                break;
            case 1:
                Adds(d, a, s, mask, reps, UnaryRepeatParams(1, 1, 8, 8));
                break;
            case 2:
                Muls(d, a, s, mask, reps, UnaryRepeatParams(70000, 1, 8, 8));
                break;
            default:
                break;
        }
    } else if constexpr (std::is_same_v<T, half> || std::is_same_v<T, float>) {
        switch (t.op) {
            case kMulAddDst:  // y = x * x + y
                MulAddDst(b, a, a, static_cast<int32_t>(t.totalLength));
                DataCopy(d, b, t.totalLength);
                break;
            case kMulAddDstRepeat:  // y[r][i] = x row 0 [i] * x block r [i % perBlock] + y[r][i]
                MulAddDst(b, a, a, mask, reps, BinaryRepeatParams(1, 1, 0, 8, 0, 1));
                DataCopy(d, b, t.totalLength);
                break;
            case kBlockReduceSum:
                if (t.mode == 0) BlockReduceSum(d, a, reps, static_cast<int32_t>(mask), 1, 1, 8);
                if (t.mode == 1) BlockReduceSum(d, a, reps / 2, static_cast<int32_t>(mask), 1, 2, 16);
                if (t.mode == 2) BlockReduceSum(d, a, reps + 1, static_cast<int32_t>(mask), 1, 1, 8);
                break;
            default:
                break;
        }
    }
}

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
    PipeSync<HardEvent::MTE2_V>();
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
        case kCompare:  // the result bits are copied out whole: the rest of the buffer is zeroed first
            Duplicate(mask.ReinterpretCast<uint16_t>(), uint16_t(0), static_cast<int32_t>(n * sizeof(T) / 2));
            Compare(mask, a, b, static_cast<CMPMODE>(t.mode), cnt);
            DataCopy(d, mask.ReinterpretCast<T>(), n);
            break;
        case kCompareScalar:
            Duplicate(mask.ReinterpretCast<uint16_t>(), uint16_t(0), static_cast<int32_t>(n * sizeof(T) / 2));
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
        case kBinaryRepeat:
        case kMulAddDst:
        case kMulAddDstRepeat:
        case kScalarRepeat:
        case kBlockReduceSum:
            RunRepeatForms<T>(t, d, a, b);
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
    PipeSync<HardEvent::V_MTE3>();
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
