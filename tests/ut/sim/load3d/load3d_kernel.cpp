// C = X x I (or I x X) on one AIC, where X is the block LoadData 3D v2 cuts from the image-to-column matrix of an
// NC1HWC0 feature map (int8_t, half or float) in L1: into L0A (Zz) with the identity in L0B, into L0A transposed
// (C = X^T), or into L0B (Zn) with the identity in L0A. The host lays the identity out in L0's fractal order; it
// reaches L0 by a plain DataCopy and LoadData 2D. Params: load3d_params.h.
#include "kernel_operator.h"
#include "tests/ut/sim/load3d/load3d_params.h"

namespace {

template <typename T>
__aicore__ inline T FromBits(uint32_t bits) {
    T v;
    __builtin_memcpy(&v, &bits, sizeof(T));  // the low bytes: little-endian
    return v;
}

// T: the feature map's type; C: L0C's and the output's (float, or int32_t for int8_t).
template <typename T, typename C>
__aicore__ inline void Load3dMatmul(const uint32_t* w, GM_ADDR fmap, GM_ADDR eye, GM_ADDR c) {
    const uint16_t mExt = w[kMExtension], kExt = w[kKExtension];
    const uint32_t fmapElems = w[kChannelSize] * w[kL1H] * w[kL1W];
    const uint32_t target = w[kTarget];
    const uint32_t r = target == kL0A || target == kTransposeSquares ? kExt : mExt;
    AscendC::GlobalTensor<T> fmapGm, eyeGm;
    AscendC::GlobalTensor<C> cGm;
    fmapGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(fmap), fmapElems);
    eyeGm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(eye), r * r);
    cGm.SetGlobalBuffer(reinterpret_cast<__gm__ C*>(c), mExt * kExt);

    AscendC::LocalMemAllocator<AscendC::Hardware::L1> l1;
    AscendC::LocalMemAllocator<AscendC::Hardware::L0A> l0a;
    AscendC::LocalMemAllocator<AscendC::Hardware::L0B> l0b;
    AscendC::LocalMemAllocator<AscendC::Hardware::L0C> l0c;
    const uint32_t l0Elems = mExt * ((kExt + 15) / 16 * 16) > r * r ? mExt * ((kExt + 15) / 16 * 16) : r * r;
    AscendC::LocalTensor<T> fm1 = l1.Alloc<AscendC::TPosition::A1, T>(fmapElems);
    AscendC::LocalTensor<T> eye1 = l1.Alloc<AscendC::TPosition::B1, T>(r * r);
    AscendC::LocalTensor<T> a2 = l0a.Alloc<T>(l0Elems);
    AscendC::LocalTensor<T> b2 = l0b.Alloc<T>(l0Elems);
    AscendC::LocalTensor<C> c1 = l0c.Alloc<C>(((mExt + 15) / 16 * 16) * ((kExt + 15) / 16 * 16));
    AscendC::DataCopy(fm1, fmapGm, fmapElems);
    AscendC::DataCopy(eye1, eyeGm, r * r);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE1>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE1>(EVENT_ID0);

    AscendC::LoadData3DParamsV2<T> p;
    p.l1H = w[kL1H];
    p.l1W = w[kL1W];
    p.channelSize = w[kChannelSize];
    p.kExtension = kExt;
    p.mExtension = mExt;
    p.kStartPt = w[kKStartPt];
    p.mStartPt = w[kMStartPt];
    p.strideW = w[kStrideW];
    p.strideH = w[kStrideH];
    p.filterW = w[kFilterW];
    p.filterH = w[kFilterH];
    p.dilationFilterW = w[kDilationW];
    p.dilationFilterH = w[kDilationH];
    const uint8_t pads[AscendC::PAD_SIZE] = {static_cast<uint8_t>(w[kPadLeft]), static_cast<uint8_t>(w[kPadRight]),
                                             static_cast<uint8_t>(w[kPadTop]), static_cast<uint8_t>(w[kPadBottom])};
    for (int i = 0; i < AscendC::PAD_SIZE; ++i) p.padList[i] = pads[i];
    const T padValue = FromBits<T>(w[kPadValueBits]);
    p.padValue = padValue;
    p.enTranspose = target == kL0ATransposed;

    static constexpr AscendC::IsResetLoad3dConfig kFromRegisters = {false, false};
    const AscendC::LocalTensor<T>& x2 = target == kL0B ? b2 : a2;
    if (target == kTransposeSquares) {
        AscendC::LoadDataWithTranspose(a2, fm1,
                                       AscendC::LoadData2dTransposeParams(w[kStartIndex], w[kRepeatTimes],
                                                                          w[kSrcStride], w[kDstGap], w[kDstFracGap]));
    } else if (target == kIntoUb) {  // a misuse: the destination must be L0A or L0B
        AscendC::LoadData(eye1, fm1, p);
    } else if (target == kUnsetRegisters) {  // a misuse: no SetFmatrix before a LoadData that reads it
        AscendC::LoadData<T, kFromRegisters>(a2, fm1, p);
    } else if (w[kRegisters] != 0) {
        p.l1H = p.l1W = 1;  // not read: the registers hold the feature map and the pad value
        p.padValue = T{};
        AscendC::SetFmatrix(w[kL1H], w[kL1W], pads, AscendC::FmatrixMode::FMATRIX_LEFT);
        AscendC::SetLoadDataPaddingValue(padValue);
        AscendC::LoadData<T, kFromRegisters>(x2, fm1, p);
    } else {
        AscendC::LoadData(x2, fm1, p);
    }
    // the identity: R x R in L0's fractal order already, 512-byte fractals one after another
    const AscendC::LocalTensor<T>& eye2 = target == kL0B ? a2 : b2;
    const uint8_t fractals = static_cast<uint8_t>(r * r * sizeof(T) / 512);
    AscendC::LoadData(eye2, eye1, AscendC::LoadData2DParams(0, fractals, 1, 0, 0, false, 0));
    AscendC::SetFlag<AscendC::HardEvent::MTE1_M>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE1_M>(EVENT_ID0);
    // C's rows and columns: X (m x k) for L0A and L0B, X^T (k x m) transposed
    const uint16_t rows = target == kL0ATransposed ? kExt : mExt, columns = target == kL0ATransposed ? mExt : kExt;
    const uint16_t inner = target == kL0B ? mExt : columns;
    AscendC::Mmad(c1, a2, b2, AscendC::MmadParams(rows, columns, inner, 0, false, true));
    AscendC::SetFlag<AscendC::HardEvent::M_FIX>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::M_FIX>(EVENT_ID0);
    AscendC::Fixpipe(cGm, c1, AscendC::FixpipeParamsV220(columns, rows, (rows + 15) / 16 * 16, columns, false));
}

}  // namespace

extern "C" __global__ __cube__ void load3d_matmul(GM_ADDR params, GM_ADDR fmap, GM_ADDR eye, GM_ADDR c) {
    AscendC::GlobalTensor<uint32_t> wGm;
    wGm.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(params), kWords);
    uint32_t w[kWords];
    for (uint32_t i = 0; i < kWords; ++i) w[i] = wGm.GetValue(i);
    if (w[kElemBytes] == 1) {
        Load3dMatmul<int8_t, int32_t>(w, fmap, eye, c);
    } else if (w[kElemBytes] == 2) {
        Load3dMatmul<half, float>(w, fmap, eye, c);
    } else {
        Load3dMatmul<float, float>(w, fmap, eye, c);
    }
}
