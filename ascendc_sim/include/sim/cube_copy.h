// The cube's format-converting copy: DataCopy GM -> L1 with ND2NZ (随路转换ND2NZ搬运.md), which the basic-API cube
// kernels use to bring ND matrices into the NZ fractal layout LoadData reads; on the AIC's MTE2.
#pragma once
#include <cstdint>

#include "sim/cube_ops.h"
#include "sim/tensor.h"

namespace AscendC {

// Nd2NzParams (随路转换ND2NZ搬运.md 表3; the dav-2201 field types of kernel_struct_data_copy.h), in the documented
// argument order {ndNum, nValue, dValue, srcNdMatrixStride, srcDValue, dstNzC0Stride, dstNzNStride,
// dstNzMatrixStride}.
struct Nd2NzParams {
    uint16_t ndNum = 0;              // ND matrices moved
    uint16_t nValue = 0;             // rows of each
    uint16_t dValue = 0;             // columns of each (elements)
    uint16_t srcNdMatrixStride = 0;  // source matrix to matrix, head to head (elements)
    uint16_t srcDValue = 0;          // source row to row, head to head (elements)
    uint16_t dstNzC0Stride = 0;      // destination: one C0 column block to the next (32-byte blocks)
    uint16_t dstNzNStride = 0;       // destination: one row to the next inside a column block (32-byte blocks)
    uint16_t dstNzMatrixStride = 0;  // destination matrix to matrix, head to head (elements)
    Nd2NzParams() = default;
    Nd2NzParams(uint16_t nd, uint16_t n, uint16_t d, uint16_t srcMatrix, uint16_t srcD, uint16_t dstC0, uint16_t dstN,
                uint16_t dstMatrix)
        : ndNum(nd),
          nValue(n),
          dValue(d),
          srcNdMatrixStride(srcMatrix),
          srcDValue(srcD),
          dstNzC0Stride(dstC0),
          dstNzNStride(dstN),
          dstNzMatrixStride(dstMatrix) {}
};

}  // namespace AscendC

namespace ascendc_sim {

// The L1 bytes (from the destination tensor's start) an ND2NZ copy of `elemBytes` elements covers.
uint64_t Nd2NzDstSpan(const AscendC::Nd2NzParams& p, uint32_t elemBytes);
// The GM elements (from the source's start) it reads.
uint64_t Nd2NzSrcSpan(const AscendC::Nd2NzParams& p);
void CopyGmToL1Nd2Nz(const CubeOperand& dst, const uint8_t* gm, const AscendC::Nd2NzParams& p, uint32_t elemBytes);

}  // namespace ascendc_sim

namespace AscendC {

// 随路转换ND2NZ搬运.md: row r, column d of ND matrix i goes to destination element
// i * dstNzMatrixStride + (d / C0) * dstNzC0Stride * C0 + r * dstNzNStride * C0 + d % C0, C0 = 32 bytes of T.
template <typename T>
__aicore__ inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& p,
                                ascendc_sim::CallSite = {}) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "DataCopy ND2NZ moves b8, b16 or b32 elements");
    const char* api = "DataCopy";
    auto& core = ascendc_sim::Core();
    ascendc_sim::Poll(core);
    if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) return;  // nothing to move
    if (p.srcDValue < p.dValue) {
        ascendc_sim::Fail(api, ascendc_sim::Str("Nd2NzParams srcDValue ", p.srcDValue, " is below dValue ", p.dValue,
                                                " (source rows would overlap)"));
    }
    if (p.dstNzC0Stride == 0 || p.dstNzNStride == 0) {
        ascendc_sim::Fail(api, "Nd2NzParams dstNzC0Stride and dstNzNStride must be at least 1 (32-byte blocks)");
    }
    auto d = ascendc_sim::CubeTensor(api, "dst", dst, ascendc_sim::Nd2NzDstSpan(p, sizeof(T)),
                                     ascendc_sim::BufferBit(ascendc_sim::CubeBuffer::kL1), 32);
    src.CheckRange(core, api, 0, ascendc_sim::Nd2NzSrcSpan(p), ascendc_sim::GmAccess::kRead);
    ascendc_sim::CopyGmToL1Nd2Nz(d, reinterpret_cast<const uint8_t*>(src.GetPhyAddr()), p, sizeof(T));
}

}  // namespace AscendC
