#include "sim/cube_copy.h"

#include <algorithm>
#include <cstring>

#include "sim/dcache.h"
#include "sim/definedness.h"
#include "sim/gm_definedness.h"
#include "sim/l2_reuse.h"
#include "sim/pipe_sync.h"
#include "sim/timing.h"

namespace ascendc_sim {
namespace {

constexpr uint64_t kC0Bytes = 32;  // one C0 block of the NZ layout

uint64_t Blocks(const AscendC::Nd2NzParams& p, uint32_t elemBytes) {
    const uint64_t c0 = kC0Bytes / elemBytes;
    return (p.dValue + c0 - 1) / c0;
}

}  // namespace

uint64_t Nd2NzDstSpan(const AscendC::Nd2NzParams& p, uint32_t elemBytes) {
    const uint64_t lastMatrix = uint64_t(p.ndNum - 1) * p.dstNzMatrixStride * elemBytes;
    const uint64_t lastBlock = (Blocks(p, elemBytes) - 1) * p.dstNzC0Stride * kC0Bytes;
    return lastMatrix + lastBlock + uint64_t(p.nValue - 1) * p.dstNzNStride * kC0Bytes + kC0Bytes;
}

uint64_t Nd2NzSrcSpan(const AscendC::Nd2NzParams& p) {
    return uint64_t(p.ndNum - 1) * p.srcNdMatrixStride + uint64_t(p.nValue - 1) * p.srcDValue + p.dValue;
}

// Each C0 block of a row is 32 bytes in L1: the row's elements, then zeros up to the block's end when dValue is not
// a whole number of blocks (the Matmul API pads only whole rows and blocks itself: asc-devkit
// impl/adv_api/detail/matmul/stage/copy_cube_in/copy_tile_to_cube/data_copy_wrapper_nd.h StaticPadNd2Nz).
void CopyGmToL1Nd2Nz(const CubeOperand& dst, const uint8_t* gm, const AscendC::Nd2NzParams& p, uint32_t elemBytes) {
    const char* api = "DataCopy";
    CoreContext& c = Core();
    const uint64_t c0 = kC0Bytes / elemBytes, blocks = Blocks(p, elemBytes);
    const uint64_t rowPitch = uint64_t{p.dstNzNStride} * kC0Bytes, srcPitch = uint64_t{p.srcDValue} * elemBytes;
    const uint64_t dstDef = (uint64_t{static_cast<uint8_t>(dst.buffer)} << kCubeBufferShift) + dst.offset;
    const uint64_t blockSpan = (p.nValue - 1) * rowPitch + kC0Bytes;
    for (uint64_t i = 0; i < p.ndNum; ++i) {
        const uint8_t* from = gm + i * p.srcNdMatrixStride * elemBytes;
        const uint64_t to = i * p.dstNzMatrixStride * elemBytes;
        NoteGm(c, api, Pipe::kMte2, from, (p.nValue - 1) * srcPitch + p.dValue * elemBytes, false);
        for (uint64_t j = 0; j < blocks; ++j) {
            const uint64_t at = to + j * p.dstNzC0Stride * kC0Bytes;
            NoteCubeAccess(c, api, Pipe::kMte2, dst.buffer, dst.offset + at, blockSpan, true);
        }
        for (uint64_t r = 0; r < p.nValue; ++r) CacheDmaRead(c, api, from + r * srcPitch, p.dValue * elemBytes);
        for (uint64_t j = 0; j < blocks; ++j) {
            const uint64_t elems = std::min<uint64_t>(c0, p.dValue - j * c0), bytes = elems * elemBytes;
            const uint64_t at = to + j * p.dstNzC0Stride * kC0Bytes;
            for (uint64_t r = 0; r < p.nValue; ++r) {
                uint8_t* row = dst.data + at + r * rowPitch;
                std::memcpy(row, from + r * srcPitch + j * kC0Bytes, bytes);
                std::memset(row + bytes, 0, kC0Bytes - bytes);
            }
            CopyFromGm(c, api,
                       Footprint::Rows(reinterpret_cast<uint64_t>(from) + j * kC0Bytes, p.nValue, bytes, srcPitch),
                       DefSpace::kCube, Footprint::Rows(dstDef + at, p.nValue, bytes, rowPitch));
            if (bytes < kC0Bytes) {
                DefineBytes(c, DefSpace::kCube,
                            Footprint::Rows(dstDef + at + bytes, p.nValue, kC0Bytes - bytes, rowPitch));
            }
        }
        NoteCubeRead(c, from, p.nValue, p.dValue * elemBytes, srcPitch);
        ChargeCubeCopy(c, from, p.nValue, p.dValue * elemBytes, srcPitch);  // each ND matrix a copy (assumed)
    }
    c.cost.gmToL1Bytes += uint64_t{p.ndNum} * p.nValue * p.dValue * elemBytes;
}

}  // namespace ascendc_sim
