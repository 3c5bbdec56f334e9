// DataCopyPad of one row of `cols` halves GM -> UB with `pad` elements of right padding and isPad false, then the
// padded row UB -> GM. mode 0: after SetPadValue(-2) (the pad holds -2); 1: no SetPadValue (the pad is
// unspecified); 2: SetPadValue of a float (not the copy's type); 3: also the row added into out row 1 under
// SetAtomicAdd, then copied over row 2 after DisableDmaAtomic (row 2 is then the row itself).
#include "kernel_operator.h"

extern "C" __global__ __aicore__ void copy_pad(GM_ADDR src, GM_ADDR out, uint32_t cols, uint32_t pad, int32_t mode) {
    const uint32_t row = cols + pad;
    AscendC::GlobalTensor<half> srcGm, outGm;
    srcGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(src), cols);
    outGm.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(out), 3 * row);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, row * sizeof(half));
    AscendC::LocalTensor<half> ub = buf.Get<half>();
    if (mode == 0 || mode == 3) AscendC::SetPadValue(half(-2.0f));
    if (mode == 2) AscendC::SetPadValue(-2.0f);
    AscendC::DataCopyPadExtParams<half> padParams(false, 0, static_cast<uint8_t>(pad), half(0));
    AscendC::DataCopyPad(ub, srcGm, AscendC::DataCopyExtParams(1, cols * sizeof(half), 0, 0, 0), padParams);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(EVENT_ID0);
    AscendC::DataCopy(outGm, ub, row);
    if (mode == 3) {
        AscendC::SetAtomicAdd<half>();
        AscendC::DataCopy(outGm[row], ub, row);
        AscendC::DisableDmaAtomic();
        AscendC::DataCopy(outGm[2 * row], ub, row);
    }
}
