// One dav-3510 vector kernel, a case per register-API family (tests/ut/sim/test_reg_api.py holds the goldens):
// x, y and out are 256 floats in GM; x and y are copied to UB, a VF computes into UB, out is copied back.
#include "kernel_operator.h"

namespace {

namespace R = AscendC::Reg;
constexpr uint32_t kN = 256;
constexpr uint32_t kLanes = AscendC::GetVecLen() / sizeof(float);  // 64
constexpr uint32_t kRepeats = kN / kLanes;

enum Case : int32_t {
    ADD_UPDATE_MASK,       // out[:200] = x + y (UpdateMask), out[200:] kept
    MUL_ADDS,              // out = x * y + 1.5
    DIV_EXP,               // out = exp(x) / y
    COMPARE_SELECT,        // out = where(x > y, x, y)
    REDUCE_SUM_FIRST,      // out[8r] = sum(x[64r : 64r + 64]) (Reduce, DIST_FIRST_ELEMENT_B32)
    CAST_PACK,             // out as half[512]: half(x) in [0, 256) (Cast to half, DIST_PACK_B32)
    GATHER_REVERSE,        // out[64r + i] = x[64r + 63 - i] (Arange, Gather)
    BROADCAST_ADD,         // out = x[64r] + y (DIST_BRC_B32)
    DUPLICATE_MERGING,     // out = x with the first 16 lanes of each repeat 7 (MERGING)
    REDUCE_BLOCK_MAX,      // out[8r + b] = max of block b of repeat r (ReduceDataBlock), rest 0
    POST_UPDATE_ABS,       // out = |x - y| (post-update addressing, AbsSub)
    STORE_LOAD_WITH_BAR,   // out = 2 * x through a UB round trip ordered by LocalMemBar
    STORE_LOAD_NO_BAR,     // the same without LocalMemBar: refused
    TOO_MANY_VECTOR_REGS,  // 33 live RegTensors: refused
    TOO_MANY_MASK_REGS,    // 9 live MaskRegs: refused
    UNALIGNED_LOAD,        // LoadAlign at x + 1: refused
    UNDEFINED_UB,          // a register loaded from UB no one wrote, stored to out: its bytes stay undefined
    NO_V_MTE3_SYNC,        // the VF's result copied out without V -> MTE3: refused
    SQUEEZE_UNALIGNED,     // out[:64] = x[::4] (Squeeze of M4 lanes, StoreUnAlign by the AR count), rest kept
    INTERLEAVE,            // out[:128] = x[:64], y[:64] interleaved; out[128:] the next 64 of each
    COMPARE_MASK_STORE,    // out as bytes: the 32-byte MaskReg of x[64r:] < y[64r:] at out + 32 r bytes
    DIV_KEEP_SUBNORMAL,    // out = x / y with DivSpecificMode PRECISION_1ULP_FTZ_FALSE (subnormals kept)
};

__simd_vf__ inline void Vf(__ubuf__ float* xa, __ubuf__ float* ya, __ubuf__ float* oa, int32_t caseId) {
    R::MaskReg all = R::CreateMask<float, R::MaskPattern::ALL>();
    R::RegTensor<float> a, b, c;
    for (uint32_t r = 0; r < kRepeats; ++r) {
        __ubuf__ float* x = xa + r * kLanes;
        __ubuf__ float* y = ya + r * kLanes;
        __ubuf__ float* o = oa + r * kLanes;
        switch (caseId) {
            case MUL_ADDS:
                R::LoadAlign(a, x);
                R::LoadAlign(b, y);
                R::Mul(c, a, b, all);
                R::Adds(c, c, 1.5f, all);
                R::StoreAlign(o, c, all);
                break;
            case DIV_EXP:
                R::LoadAlign(a, x);
                R::LoadAlign(b, y);
                R::Exp(a, a, all);
                R::Div(c, a, b, all);
                R::StoreAlign(o, c, all);
                break;
            case COMPARE_SELECT: {
                R::MaskReg gt;
                R::LoadAlign(a, x);
                R::LoadAlign(b, y);
                R::Compare<float, AscendC::CMPMODE::GT>(gt, a, b, all);
                R::Select(c, a, b, gt);
                R::StoreAlign(o, c, all);
                break;
            }
            case REDUCE_SUM_FIRST:
                R::LoadAlign(a, x);
                R::Reduce<R::ReduceType::SUM>(c, a, all);
                R::StoreAlign<float, R::StoreDist::DIST_FIRST_ELEMENT_B32>(oa + r * 8, c, all);
                break;
            case CAST_PACK: {
                static constexpr R::CastTrait kToHalf = {R::RegLayout::ZERO, R::SatMode::UNKNOWN,
                                                         R::MaskMergeMode::ZEROING, AscendC::RoundMode::CAST_RINT};
                R::RegTensor<half> h;
                R::LoadAlign(a, x);
                R::Cast<half, float, kToHalf>(h, a, all);
                R::StoreAlign<half, R::StoreDist::DIST_PACK_B32>(reinterpret_cast<__ubuf__ half*>(oa) + r * kLanes, h,
                                                                 all);
                break;
            }
            case GATHER_REVERSE: {
                R::RegTensor<int32_t> idx;
                R::Arange<int32_t, R::IndexOrder::DECREASE_ORDER>(idx, static_cast<int32_t>(kLanes - 1));
                R::Gather(c, x, idx, all);
                R::StoreAlign(o, c, all);
                break;
            }
            case BROADCAST_ADD:
                R::LoadAlign<float, R::LoadDist::DIST_BRC_B32>(a, x);
                R::LoadAlign(b, y);
                R::Add(c, a, b, all);
                R::StoreAlign(o, c, all);
                break;
            case DUPLICATE_MERGING: {
                R::MaskReg first16 = R::CreateMask<float, R::MaskPattern::VL16>();
                R::LoadAlign(c, x);
                R::Duplicate<float, R::MaskMergeMode::MERGING>(c, 7.0f, first16);
                R::StoreAlign(o, c, all);
                break;
            }
            case REDUCE_BLOCK_MAX:
                R::LoadAlign(a, x);
                R::ReduceDataBlock<R::ReduceType::MAX>(c, a, all);
                R::StoreAlign(o, c, all);
                break;
            default:
                break;
        }
    }
}

__simd_vf__ inline void AddUpdateMask(__ubuf__ float* x, __ubuf__ float* y, __ubuf__ float* o) {
    uint32_t count = 200;
    R::RegTensor<float> a, b;
    for (uint32_t r = 0; r < kRepeats; ++r) {
        R::MaskReg m = R::UpdateMask<float>(count);
        R::LoadAlign(a, x + r * kLanes);
        R::LoadAlign(b, y + r * kLanes);
        R::Add(a, a, b, m);
        R::StoreAlign(o + r * kLanes, a, m);
    }
}

__simd_vf__ inline void PostUpdateAbsSub(__ubuf__ float* x, __ubuf__ float* y, __ubuf__ float* o) {
    R::MaskReg all = R::CreateMask<float>();
    R::RegTensor<float> a, b;
    for (uint32_t r = 0; r < kRepeats; ++r) {
        R::LoadAlign<float, R::PostLiteral::POST_MODE_UPDATE>(a, x, kLanes);
        R::LoadAlign<float, R::PostLiteral::POST_MODE_UPDATE>(b, y, kLanes);
        R::AbsSub(a, a, b, all);
        R::StoreAlign<float, R::PostLiteral::POST_MODE_UPDATE>(o, a, kLanes, all);
    }
}

// x -> a -> 2a stored to out, read back into another register, stored again: the second load must wait.
template <bool withBar>
__simd_vf__ inline void RoundTrip(__ubuf__ float* x, __ubuf__ float* o) {
    R::MaskReg all = R::CreateMask<float>();
    R::RegTensor<float> a, b;
    for (uint32_t r = 0; r < kRepeats; ++r) {
        R::LoadAlign(a, x + r * kLanes);
        R::Muls(a, a, 2.0f, all);
        R::StoreAlign(o + r * kLanes, a, all);
    }
    if constexpr (withBar) R::LocalMemBar<R::MemType::VEC_STORE, R::MemType::VEC_LOAD>();
    for (uint32_t r = 0; r < kRepeats; ++r) {
        R::LoadAlign(b, o + r * kLanes);
        if constexpr (withBar) R::LocalMemBar<R::MemType::VEC_LOAD, R::MemType::VEC_STORE>();
        R::StoreAlign(o + r * kLanes, b, all);
    }
}

__simd_vf__ inline void VectorRegs() {
    R::RegTensor<float> r[33];
    (void)r;
}

__simd_vf__ inline void MaskRegs() {
    R::MaskReg m[9];
    (void)m;
}

__simd_vf__ inline void LoadAt(__ubuf__ float* src, __ubuf__ float* o) {
    R::MaskReg all = R::CreateMask<float>();
    R::RegTensor<float> a;
    R::LoadAlign(a, src);
    R::StoreAlign(o, a, all);
}

__simd_vf__ inline void SqueezeM4(__ubuf__ float* x, __ubuf__ float* o) {
    R::MaskReg every4 = R::CreateMask<float, R::MaskPattern::M4>();
    R::RegTensor<float> a, b;
    R::UnalignRegForStore ureg;
    R::ClearSpr<AscendC::SpecialPurposeReg::AR>();
    for (uint32_t r = 0; r < kRepeats; ++r) {
        R::LoadAlign(a, x + r * kLanes);
        R::Squeeze<float, R::GatherMaskMode::STORE_REG>(b, a, every4);
        R::StoreUnAlign<float, R::PostLiteral::POST_MODE_UPDATE>(o, b, ureg);
    }
    R::StoreUnAlignPost(o, ureg);
}

__simd_vf__ inline void InterleaveXy(__ubuf__ float* x, __ubuf__ float* y, __ubuf__ float* o) {
    R::MaskReg all = R::CreateMask<float>();
    R::RegTensor<float> a, b, lo, hi;
    for (uint32_t r = 0; r < kRepeats / 2; ++r) {
        R::LoadAlign(a, x + r * kLanes);
        R::LoadAlign(b, y + r * kLanes);
        R::Interleave(lo, hi, a, b);
        R::StoreAlign(o + 2 * r * kLanes, lo, all);
        R::StoreAlign(o + (2 * r + 1) * kLanes, hi, all);
    }
}

__simd_vf__ inline void CompareMaskStore(__ubuf__ float* x, __ubuf__ float* y, __ubuf__ float* o) {
    R::MaskReg all = R::CreateMask<float>();
    R::MaskReg lt;
    R::RegTensor<float> a, b;
    for (uint32_t r = 0; r < kRepeats; ++r) {
        R::LoadAlign(a, x + r * kLanes);
        R::LoadAlign(b, y + r * kLanes);
        R::Compare<float, AscendC::CMPMODE::LT>(lt, a, b, all);
        R::StoreAlign(reinterpret_cast<__ubuf__ uint8_t*>(o) + 32 * r, lt);
    }
}

__simd_vf__ inline void DivKeep(__ubuf__ float* x, __ubuf__ float* y, __ubuf__ float* o) {
    static constexpr R::DivSpecificMode kKeep = {R::MaskMergeMode::ZEROING, false,
                                                 AscendC::DivAlgo::PRECISION_1ULP_FTZ_FALSE};
    R::MaskReg all = R::CreateMask<float>();
    R::RegTensor<float> a, b;
    for (uint32_t r = 0; r < kRepeats; ++r) {
        R::LoadAlign(a, x + r * kLanes);
        R::LoadAlign(b, y + r * kLanes);
        R::Div<float, &kKeep>(a, a, b, all);
        R::StoreAlign(o + r * kLanes, a, all);
    }
}

}  // namespace

extern "C" __global__ __aicore__ void reg_api(GM_ADDR x, GM_ADDR y, GM_ADDR out, int32_t caseId) {
    AscendC::InitSocState();
    AscendC::GlobalTensor<float> xGm, yGm, outGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x));
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y));
    outGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out));
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    AscendC::LocalTensor<float> xl = ub.Alloc<float, kN>();
    AscendC::LocalTensor<float> yl = ub.Alloc<float, kN>();
    AscendC::LocalTensor<float> ol = ub.Alloc<float, kN>();
    AscendC::LocalTensor<float> fresh = ub.Alloc<float, kN>();
    AscendC::DataCopy(xl, xGm, kN);
    AscendC::DataCopy(yl, yGm, kN);
    AscendC::DataCopy(ol, outGm, kN);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
    auto* xa = reinterpret_cast<__ubuf__ float*>(xl.GetPhyAddr());
    auto* ya = reinterpret_cast<__ubuf__ float*>(yl.GetPhyAddr());
    auto* oa = reinterpret_cast<__ubuf__ float*>(ol.GetPhyAddr());
    switch (caseId) {
        case ADD_UPDATE_MASK:
        case NO_V_MTE3_SYNC:
            asc_vf_call<AddUpdateMask>(xa, ya, oa);
            break;
        case POST_UPDATE_ABS:
            asc_vf_call<PostUpdateAbsSub>(xa, ya, oa);
            break;
        case STORE_LOAD_WITH_BAR:
            asc_vf_call<RoundTrip<true>>(xa, oa);
            break;
        case STORE_LOAD_NO_BAR:
            asc_vf_call<RoundTrip<false>>(xa, oa);
            break;
        case TOO_MANY_VECTOR_REGS:
            asc_vf_call<VectorRegs>();
            break;
        case TOO_MANY_MASK_REGS:
            asc_vf_call<MaskRegs>();
            break;
        case UNALIGNED_LOAD:
            asc_vf_call<LoadAt>(xa + 1, oa);
            break;
        case UNDEFINED_UB:
            asc_vf_call<LoadAt>(reinterpret_cast<__ubuf__ float*>(fresh.GetPhyAddr()), oa);
            break;
        case SQUEEZE_UNALIGNED:
            asc_vf_call<SqueezeM4>(xa, oa);
            break;
        case INTERLEAVE:
            asc_vf_call<InterleaveXy>(xa, ya, oa);
            break;
        case COMPARE_MASK_STORE:
            asc_vf_call<CompareMaskStore>(xa, ya, oa);
            break;
        case DIV_KEEP_SUBNORMAL:
            asc_vf_call<DivKeep>(xa, ya, oa);
            break;
        default:
            asc_vf_call<Vf>(xa, ya, oa, caseId);
            break;
    }
    if (caseId != NO_V_MTE3_SYNC) {
        AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID0);
        AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(EVENT_ID0);
    }
    AscendC::DataCopy(outGm, ol, kN);
}
