// C (m x n, half) = A (m x k) B (k x n), A and B ND half matrices in GM, on one AIC with static tensors
// (LocalMemAllocator of L1 / L0A / L0B / L0C): ND2NZ copies into L1, LoadData to L0A (Zz) and, transposed, to L0B
// (Zn), Mmad into L0C, Fixpipe to GM (NZ2ND, or NZ) or L1, or DataCopy CO1 -> GM. `mode` picks how A and B move and
// C leaves, or a misuse the twin must refuse.
#include "kernel_operator.h"
#include "tests/ut/sim/cube_api/nd2nz_matmul_modes.h"

namespace {

constexpr uint32_t kCube = 16;  // fractal edge of b16 inputs

__aicore__ inline uint16_t Pad16(uint32_t v) { return static_cast<uint16_t>((v + kCube - 1) / kCube * kCube); }

}  // namespace

extern "C" __global__ __cube__ void nd2nz_matmul(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, uint32_t m, uint32_t k,
                                                 uint32_t n, int32_t mode) {
    AscendC::GlobalTensor<half> aGm, bGm, cGm;
    aGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), m * k);
    bGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b), k * n);
    cGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(c), m * n);
    const uint16_t mPad = Pad16(m), kPad = Pad16(k), nPad = Pad16(n);
    AscendC::LocalMemAllocator<AscendC::Hardware::L1> l1;
    AscendC::LocalMemAllocator<AscendC::Hardware::L0A> l0a;
    AscendC::LocalMemAllocator<AscendC::Hardware::L0B> l0b;
    AscendC::LocalMemAllocator<AscendC::Hardware::L0C> l0c;
    AscendC::LocalTensor<half> a1 = l1.Alloc<AscendC::TPosition::A1, half>(mPad * kPad);
    AscendC::LocalTensor<half> b1 = l1.Alloc<AscendC::TPosition::B1, half>(kPad * nPad);
    AscendC::LocalTensor<half> a2 = l0a.Alloc<half>(mPad * kPad);
    AscendC::LocalTensor<half> b2 = l0b.Alloc<half>(kPad * nPad);
    AscendC::LocalTensor<float> c1 = l0c.Alloc<float>(mPad * nPad);
    // the bias row: n floats in L1 (C1), then 64-byte blocks of the bias table (C2)
    const uint16_t biasBlocks = (n * sizeof(float) + 63) / 64;
    AscendC::LocalTensor<float> bias1 = l1.Alloc<AscendC::TPosition::C1, float>(biasBlocks * 16);
    AscendC::LocalTensor<float> bias2(AscendC::TPosition::C2, 0, biasBlocks * 16);
    if (mode == kSlabs) {
        // 16-row slabs of A as separate ND matrices: slab i lands 16 x 16 elements after slab i - 1, the same Nz
        ascendc_assert(m % kCube == 0);
        AscendC::DataCopy(a1, aGm, AscendC::Nd2NzParams(m / kCube, kCube, k, kCube * k, k, mPad, 1, kCube * kCube));
    } else if (mode == kZeroNStride) {
        AscendC::DataCopy(a1, aGm, AscendC::Nd2NzParams(1, m, k, 0, k, mPad, 0, 0));
    } else if (mode == kIntoL0A) {
        AscendC::DataCopy(a2, aGm, AscendC::Nd2NzParams(1, m, k, 0, k, mPad, 1, 0));
    } else {
        AscendC::DataCopy(a1, aGm, AscendC::Nd2NzParams(1, m, k, 0, k, mPad, 1, 0));
    }
    const uint16_t bRows = mode == kShortB ? k - 1 : k;
    AscendC::DataCopy(b1, bGm, AscendC::Nd2NzParams(1, bRows, n, 0, n, kPad, 1, 0));
    if (mode == kBias) {  // one ND row of n floats into C1
        AscendC::GlobalTensor<float> biasGm;
        biasGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(bias), n);
        AscendC::DataCopy(bias1, biasGm, AscendC::Nd2NzParams(1, 1, n, 0, n, 1, 1, 0));
    }
    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE1>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE1>(EVENT_ID0);
    if (mode == kBias) AscendC::DataCopy(bias2, bias1, AscendC::DataCopyParams(1, biasBlocks, 0, 0));
    for (uint16_t i = 0; i < mPad / kCube; ++i) {  // Nz -> Zz: row block i's k fractals, mPad / 16 apart in L1
        if (mode == kTransposeL0A) {
            AscendC::LoadDataWithTranspose(a2[i * kPad * kCube], a1[i * kCube * kCube],
                                           AscendC::LoadData2dTransposeParams(0, kPad / kCube, mPad / kCube, 0, 0));
            continue;
        }
        AscendC::LoadData(a2[i * kPad * kCube], a1[i * kCube * kCube],
                          AscendC::LoadData2DParams(0, kPad / kCube, mPad / kCube, 0, 0, false, 0));
    }
    for (uint16_t i = 0; i < kPad / kCube; ++i) {  // Nz -> Zn: each fractal transposed
        if (mode == kTransposeApi) {
            AscendC::LoadDataWithTranspose(b2[i * nPad * kCube], b1[i * kCube * kCube],
                                           AscendC::LoadData2dTransposeParams(0, nPad / kCube, kPad / kCube, 0, 0));
        } else {
            AscendC::LoadData(b2[i * nPad * kCube], b1[i * kCube * kCube],
                              AscendC::LoadData2DParams(0, nPad / kCube, kPad / kCube, 0, 0, true, 0));
        }
    }
    AscendC::SetFlag<AscendC::HardEvent::MTE1_M>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE1_M>(EVENT_ID0);
    if (mode == kBias) {
        AscendC::Mmad(c1, a2, b2, bias2, AscendC::MmadParams(m, n, k, 0, false, false));
    } else {
        AscendC::Mmad(c1, a2, b2, AscendC::MmadParams(m, n, k, 0, false, true));
    }
    AscendC::SetFlag<AscendC::HardEvent::M_FIX>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::M_FIX>(EVENT_ID0);
    const uint32_t nzStride = m * kCube * sizeof(half) / 32;  // 32-byte blocks from one NZ column block to the next
    if (mode == kL1Out || mode == kL0AOut) {
        const AscendC::FixpipeParamsV220 nz(n, m, mPad, nzStride, false, QuantMode_t::F322F16, 0, 1, 0, 0, 0);
        if (mode == kL0AOut) return AscendC::Fixpipe<half, float, AscendC::CFG_NZ>(a2, c1, nz);
        AscendC::Fixpipe<half, float, AscendC::CFG_NZ>(a1, c1, nz);  // A's L1 bytes are free again
        AscendC::SetFlag<AscendC::HardEvent::FIX_MTE3>(EVENT_ID0);
        AscendC::WaitFlag<AscendC::HardEvent::FIX_MTE3>(EVENT_ID0);
        AscendC::DataCopy(cGm, a1, AscendC::DataCopyParams(1, m * n * sizeof(half) / 32, 0, 0));
        return;
    }
    if (mode == kQuantB8) {
        AscendC::GlobalTensor<int8_t> c8;
        c8.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(c), m * n);
        float scale = 1.5f;
        uint64_t word = 0;
        __builtin_memcpy(&word, &scale, sizeof(scale));
        AscendC::FixpipeParamsV220 q(n, m, mPad, n, false, QuantMode_t::QF322B8_PRE, 0, 1, 0, 0, 0);
        q.deqScalar = word | uint64_t{1} << 46;  // bit 46: a signed int8 result
        return AscendC::Fixpipe<int8_t, float, AscendC::CFG_ROW_MAJOR>(c8, c1, q);
    }
    if (mode == kCo12Nd || mode == kCo12NoNdPara) {
        AscendC::DataCopyCO12DstParams p(n, m, n, mPad, QuantMode_t::F322F16, 0, false, true);
        if (mode == kCo12Nd) AscendC::SetFixpipeNz2ndFlag(1, 0, 0);
        return AscendC::DataCopy(cGm, c1, p);
    }
    if (mode == kNzOut) {  // dstStride: 32-byte blocks from one column block of C to the next
        AscendC::FixpipeParamsV220 nz(n, m, mPad, nzStride, false, QuantMode_t::F322F16, 0, 1, 0, 0, 0);
        AscendC::Fixpipe<half, float, AscendC::CFG_NZ>(cGm, c1, nz);
    } else {
        AscendC::Fixpipe(cGm, c1,
                         AscendC::FixpipeParamsV220(n, m, mPad, n, mode == kRelu, QuantMode_t::F322F16, 0, 1, 0, 0, 0));
    }
}
