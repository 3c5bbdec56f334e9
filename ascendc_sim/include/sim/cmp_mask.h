// Compare with its result in the CmpMask register (Compare（结果存入寄存器）.md), GetCmpMask / SetCmpMask, and
// Compares, the current name of the tensor-scalar compare (Compares.md; the twin's CompareScalar).
#pragma once
#include <cstdint>
#include <cstring>

#include "sim/compare_select.h"
#include "sim/mask.h"
#include "sim/pipe_sync.h"
#include "sim/vector_repeat.h"

namespace ascendc_sim {

// The 128-bit CmpMask register of the calling core; cores are threads of a launch, so each starts at zero.
inline thread_local uint64_t tlsCmpMask[2] = {0, 0};

// GetCmpMask / SetCmpMask operand: a live UB tensor at a 16-byte aligned address holding `bytes` (GetCmpMask.md,
// SetCmpMask.md), of elements of the sizes the page lists.
template <typename T>
uint8_t* CmpMaskOperand(const char* api, const char* role, const AscendC::LocalTensor<T>& t, uint64_t bytes, bool b64) {
    CoreContext& c = Core();
    RequireType<T>(api, sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || (b64 && sizeof(T) == 8));
    t.CheckLive(api);
    if (t.Slot()->cubeBuffer >= 0) Fail(api, Str(role, " is a cube-buffer (L1/L0) tensor, not UB"));
    const uint64_t addr = reinterpret_cast<uint8_t*>(t.Data()) - c.ub;
    if (addr % 16 != 0) Fail(api, Str(role, " UB address ", addr, " is not 16-byte aligned"));
    if (uint64_t{t.GetSize()} * sizeof(T) < bytes) {
        Fail(api,
             Str(role, " holds ", uint64_t{t.GetSize()} * sizeof(T), " bytes, fewer than the ", bytes, " it needs"));
    }
    NoteUbOperand(c, api, role, t.Data(), sizeof(tlsCmpMask));  // the register's 16 bytes move
    return reinterpret_cast<uint8_t*>(t.Data());
}

}  // namespace ascendc_sim

namespace AscendC {

// One repeat (256 bytes) of src0 against src1; bit i of CmpMask is lane i's result. Lanes past the mask read 0
// (the docs do not say; chosen and listed in docs/twin_samples.md).
template <typename T, bool isSetMask = true>
__aicore__ inline void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                               const uint64_t mask, const BinaryRepeatParams& repeatParams,
                               ascendc_sim::CallSite = {}) {
    constexpr const char* kApi = "Compare";
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    ascendc_sim::Poll(c);
    // 数据类型 half, float; Intrinsic_vcmp float16, float32 in Ascend910B2.ini and Ascend310P3.ini (VcmpImpl of 8.1.RC1
    // dav_c220 and dav_m200, which also have GetCmpMaskImpl / SetCmpMaskImpl).
    ascendc_sim::RequireType<T>(kApi, ascendc_sim::kFloatTypes<T>);
    const ascendc_sim::MaskPlan plan = ascendc_sim::PlanMask<T, isSetMask>(kApi, mask, 1);
    if (!ascendc_sim::CheckRepeatForm<T>(kApi, plan.mask, 1)) return;
    const BinaryRepeatParams& p = repeatParams;
    const int64_t m = static_cast<int64_t>(plan.mask);
    const T* a = src0.Operand(kApi, "src0", ascendc_sim::RepeatExtent<T>(m, 1, p.src0BlkStride, 0));
    const T* b = src1.Operand(kApi, "src1", ascendc_sim::RepeatExtent<T>(m, 1, p.src1BlkStride, 0));
    uint64_t bits[2] = {0, 0};
    for (int64_t i = 0; i < m; ++i) {
        const bool hit = ascendc_sim::CompareValues(
            ascendc_sim::ToCompute(a[ascendc_sim::RepeatOffset<T>(0, i, p.src0BlkStride, 0)]),
            ascendc_sim::ToCompute(b[ascendc_sim::RepeatOffset<T>(0, i, p.src1BlkStride, 0)]), cmpMode);
        if (hit) bits[i / 64] |= uint64_t{1} << (i % 64);
    }
    ascendc_sim::tlsCmpMask[0] = bits[0];
    ascendc_sim::tlsCmpMask[1] = bits[1];
    const ascendc_sim::UndefFound found =
        ascendc_sim::Propagate(c, kApi, ascendc_sim::Flow::kWhole, {},
                               {ascendc_sim::RepeatOperand(src0, m, 1, p.src0BlkStride, 0),
                                ascendc_sim::RepeatOperand(src1, m, 1, p.src1BlkStride, 0)});
    ascendc_sim::SetRegDefined(c, ascendc_sim::SpecialReg::kCmpMask, !found.any);
    ascendc_sim::CountRepeats(c, ascendc_sim::VecClass::kSimple, 1);
}

template <typename T, bool isSetMask = true>
__aicore__ inline void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                               const uint64_t mask[], const BinaryRepeatParams& repeatParams,
                               ascendc_sim::CallSite = {}) {
    Compare<T, isSetMask>(src0, src1, cmpMode, isSetMask ? ascendc_sim::BitMaskLanes<T>("Compare", mask) : 0,
                          repeatParams);
}

// GetCmpMask.md: dst (b8 / b16 / b32) receives the 16 bytes of CmpMask and must hold at least 128 bytes (约束说明).
template <typename T>
__aicore__ inline void GetCmpMask(const LocalTensor<T>& dst, ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
    uint8_t* d = ascendc_sim::CmpMaskOperand("GetCmpMask", "dst", dst, 128, false);
    std::memcpy(d, ascendc_sim::tlsCmpMask, sizeof(ascendc_sim::tlsCmpMask));
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    const ascendc_sim::Footprint reg =
        ascendc_sim::Footprint::Contiguous(dst.UbOffset(), sizeof(ascendc_sim::tlsCmpMask), 8);
    if (c.def.regUndef[static_cast<int>(ascendc_sim::SpecialReg::kCmpMask)]) {
        ascendc_sim::PoisonBytes(
            c, ascendc_sim::DefSpace::kUb, reg,
            {"computed from undefined bytes by the Compare that set CmpMask", "GetCmpMask", ascendc_sim::tlsCallLine});
    } else {
        ascendc_sim::DefineBytes(c, ascendc_sim::DefSpace::kUb, reg);
    }
}

// SetCmpMask.md: CmpMask takes the first 16 bytes of src (b8 / b16 / b32 / b64).
template <typename T>
__aicore__ inline void SetCmpMask(const LocalTensor<T>& src, ascendc_sim::CallSite = {}) {
    ascendc_sim::Poll(ascendc_sim::Core());
    const uint8_t* s = ascendc_sim::CmpMaskOperand("SetCmpMask", "src", src, sizeof(ascendc_sim::tlsCmpMask), true);
    std::memcpy(ascendc_sim::tlsCmpMask, s, sizeof(ascendc_sim::tlsCmpMask));
    ascendc_sim::CoreContext& c = ascendc_sim::Core();
    const ascendc_sim::UndefFound found = ascendc_sim::Propagate(
        c, "SetCmpMask", ascendc_sim::Flow::kWhole, {},
        {{ascendc_sim::Footprint::Contiguous(src.UbOffset(), sizeof(ascendc_sim::tlsCmpMask), 8)}});
    ascendc_sim::SetRegDefined(c, ascendc_sim::SpecialReg::kCmpMask, !found.any);
}

// Compares.md (count form): CompareScalar under its current name.
template <typename T, typename U>
__aicore__ inline void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0,
                                const ascendc_sim::ScalarOf<T> src1Scalar, CMPMODE cmpMode, uint32_t count,
                                ascendc_sim::CallSite = {}) {
    CompareScalar(dst, src0, src1Scalar, cmpMode, count);
}

}  // namespace AscendC
