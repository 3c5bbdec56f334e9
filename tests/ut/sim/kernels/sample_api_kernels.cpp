// One-core kernels of CreateVecIndex (count form) and of Compare into CmpMask with GetCmpMask / SetCmpMask, per
// dtype, and of the type utilities (AscendC::IsSameType,
// Conditional, SupportType, AscendC::Std traits) a kernel branches on at compile time.
#include "kernel_operator.h"
#include "tests/ut/sim/kernels/sim_test_tiling.h"

using namespace AscendC;

namespace {

// z (totalLength elements) = a buffer filled with 7, then CreateVecIndex(dst = buffer[extra], scalar, tileLength).
template <typename T>
__aicore__ inline void RunVecIndex(GM_ADDR z, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    GlobalTensor<T> zGm;
    zGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(z), t.totalLength);
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> out;
    pipe.InitBuffer(out, 1, t.totalLength * sizeof(T));
    LocalTensor<T> buf = out.AllocTensor<T>();
    Duplicate(buf, static_cast<T>(7), static_cast<int32_t>(t.totalLength));
    PipeBarrier<PIPE_V>();
    CreateVecIndex(buf[t.extra], static_cast<T>(t.scalar), t.tileLength);
    out.EnQue(buf);
    buf = out.DeQue<T>();
    DataCopy(zGm, buf, t.totalLength);
    out.FreeTensor(buf);
}

// Compare (result in CmpMask) of x and y over tileLength lanes with CMPMODE `mode`, then GetCmpMask into an
// `extra`-byte uint8 tensor filled with 0xEE; z = that tensor. op 1: SetCmpMask(x) then GetCmpMask instead.
template <typename T>
__aicore__ inline void RunCmpMask(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) {
    REGISTER_TILING_DEFAULT(SimTestTiling);
    GET_TILING_DATA(t, tiling);
    GlobalTensor<T> xGm, yGm;
    GlobalTensor<uint8_t> zGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), t.totalLength);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), t.totalLength);
    zGm.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(z), t.extra);
    TPipe pipe;
    TBuf<TPosition::VECCALC> bx, by, bz;
    pipe.InitBuffer(bx, t.totalLength * sizeof(T));
    pipe.InitBuffer(by, t.totalLength * sizeof(T));
    pipe.InitBuffer(bz, t.extra);
    LocalTensor<T> lx = bx.Get<T>(), ly = by.Get<T>();
    LocalTensor<uint8_t> lz = bz.Get<uint8_t>();
    DataCopy(lx, xGm, t.totalLength);
    DataCopy(ly, yGm, t.totalLength);
    Duplicate(lz.ReinterpretCast<uint16_t>(), static_cast<uint16_t>(0xEEEE), static_cast<int32_t>(t.extra / 2));
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    if (t.op == 1) {
        SetCmpMask(lx);
    } else {
        BinaryRepeatParams params;
        Compare(lx, ly, static_cast<CMPMODE>(t.mode), static_cast<uint64_t>(t.tileLength), params);
    }
    PipeBarrier<PIPE_V>();
    GetCmpMask(lz);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(zGm, lz, t.extra);
}

struct Plain {};
struct Derived : Plain {};

// The answers of the type utilities, one int32 each (0 or 1), in the order the test lists them.
__aicore__ inline void TypeAnswers(GM_ADDR z) {
    const int32_t answers[] = {
        IsSameType<half, half>::value,
        IsSameType<half, float>::value,
        IsSameType<const float, float>::value,
        IsSameType<Conditional<false, half, float>::type, float>::value,
        SupportType<int16_t, half, float, int16_t>(),
        SupportType<uint8_t, half, float>(),
        Std::is_same<int32_t, int32_t>::value,
        Std::is_same_v<uint8_t, int8_t>,
        Std::is_floating_point<float>::value,
        Std::is_floating_point_v<int32_t>,
        Std::is_integral<uint16_t>::value,
        Std::is_integral_v<float>,
        Std::is_pointer_v<float*>,
        Std::is_reference_v<float&>,
        Std::is_const_v<const int>,
        Std::is_void_v<void>,
        Std::is_array_v<int[4]>,
        Std::is_base_of_v<Plain, Derived>,
        Std::is_convertible_v<Derived*, Plain*>,
        Std::is_same_v<Std::remove_cv_t<const volatile int>, int>,
        Std::is_same_v<Std::remove_pointer_t<float*>, float>,
        Std::is_same_v<Std::add_const_t<int>, const int>,
        Std::is_same_v<Std::conditional_t<true, half, float>, half>,
        static_cast<int32_t>(Std::Int<5>::value),
        static_cast<int32_t>(Std::make_index_sequence<3>::size()),
        Std::get<1>(Std::make_tuple(1, 9, 4)),
    };
    constexpr uint32_t kCount = sizeof(answers) / sizeof(answers[0]);
    GlobalTensor<int32_t> out;
    out.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(z), kCount);
    for (uint32_t i = 0; i < kCount; ++i) out.SetValue(i, answers[i]);
}

}  // namespace

#define VEC_INDEX_KERNEL(T, name)                                                               \
    extern "C" __global__ __aicore__ void simtest_vec_index_##name(GM_ADDR z, GM_ADDR tiling) { \
        RunVecIndex<T>(z, tiling);                                                              \
    }
VEC_INDEX_KERNEL(half, float16)
VEC_INDEX_KERNEL(float, float32)
VEC_INDEX_KERNEL(int16_t, int16)
VEC_INDEX_KERNEL(int32_t, int32)
VEC_INDEX_KERNEL(uint16_t, uint16)  // not a CreateVecIndex dtype: refused by name
#undef VEC_INDEX_KERNEL

#define CMP_MASK_KERNEL(T, name)                                                                                     \
    extern "C" __global__ __aicore__ void simtest_cmp_mask_##name(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tiling) { \
        RunCmpMask<T>(x, y, z, tiling);                                                                              \
    }
CMP_MASK_KERNEL(half, float16)
CMP_MASK_KERNEL(float, float32)
CMP_MASK_KERNEL(int32_t, int32)  // not a Compare (result in CmpMask) dtype: refused by name
#undef CMP_MASK_KERNEL

extern "C" __global__ __aicore__ void simtest_type_traits(GM_ADDR z) { TypeAnswers(z); }
