#include <cstring>

#include "sim/cube_ops.h"
#include "sim/definedness.h"
#include "sim/pipe_sync.h"

namespace ascendc_sim {
namespace {

constexpr uint64_t kTransposeFractalBytes = 512;
constexpr uint64_t kTransposeSquareBytes = 2 * kTransposeFractalBytes;  // b8 and b32 squares are two fractals

// Square element (r, c) of a 2-fractal square (edge n: 32 for b8, 16 for b32) as an element offset: b8 stacks its
// 16 x 32 fractals (rows 0-15, 16-31), b32 puts its 16 x 8 fractals side by side (columns 0-7, 8-15); the transposed
// square is split the same way (LoadDataWithTranspose.md, 分形转置; load_data_with_transpose.py).
int64_t SquareOffset(int64_t r, int64_t c, uint32_t elemBytes) {
    if (elemBytes == 1) return r * 32 + c;  // two stacked fractals are one row-major 32 x 32 square
    const int64_t fractalElems = kTransposeFractalBytes / 4;
    return (c / 8) * fractalElems + r * 8 + c % 8;
}

}  // namespace

uint64_t TransposeSquaresSrcBytes(const AscendC::LoadData2dTransposeParams& p) {
    return (p.startIndex + uint64_t{p.repeatTimes - 1u} * p.srcStride + 1) * kTransposeSquareBytes;
}

uint64_t TransposeSquaresDstBytes(const AscendC::LoadData2dTransposeParams& p) {
    return (uint64_t{p.repeatTimes - 1u} * (1 + p.dstGap) + p.dstFracGap + 2) * kTransposeFractalBytes;
}

// Repeat i transposes source square startIndex + i * srcStride; its first fractal lands i * (1 + dstGap) fractals
// into dst, its second 1 + dstFracGap fractals after the first.
void TransposeSquares(const char* api, const CubeOperand& dst, const CubeOperand& src,
                      const AscendC::LoadData2dTransposeParams& p, uint32_t elemBytes) {
    CoreContext& c = Core();
    const uint64_t first = uint64_t{p.startIndex} * kTransposeSquareBytes;
    const uint64_t srcBytes = TransposeSquaresSrcBytes(p), dstBytes = TransposeSquaresDstBytes(p);
    NoteCubeAccess(c, api, Pipe::kMte1, src.buffer, src.offset + first, srcBytes - first, false);
    NoteCubeAccess(c, api, Pipe::kMte1, dst.buffer, dst.offset, dstBytes, true);
    const int64_t n = elemBytes == 1 ? 32 : 16, e = elemBytes;
    const uint64_t srcDef = (uint64_t{static_cast<uint8_t>(src.buffer)} << kCubeBufferShift) + src.offset;
    const uint64_t dstDef = (uint64_t{static_cast<uint8_t>(dst.buffer)} << kCubeBufferShift) + dst.offset;
    for (uint64_t i = 0; i < p.repeatTimes; ++i) {
        const uint64_t from = first + i * p.srcStride * kTransposeSquareBytes;
        const uint64_t to[2] = {i * (1 + p.dstGap) * kTransposeFractalBytes,
                                (i * (1 + p.dstGap) + 1 + p.dstFracGap) * kTransposeFractalBytes};
        // destination square element (r, c) = source (c, r); it lies in fractal 0 or 1 as the source's did
        auto dstAt = [&](int64_t r, int64_t col) {
            const int64_t off = SquareOffset(r, col, elemBytes);
            const int64_t frac = off / (kTransposeFractalBytes / e);
            return to[frac] + uint64_t(off % (kTransposeFractalBytes / e)) * e;
        };
        const bool undefined = c.def.cube.AnyUndef(srcDef + from, srcDef + from + kTransposeSquareBytes);
        for (int64_t r = 0; r < n; ++r) {
            for (int64_t col = 0; col < n; ++col) {
                const uint64_t s = from + uint64_t(SquareOffset(col, r, elemBytes)) * e, d = dstAt(r, col);
                std::memcpy(dst.data + d, src.data + s, e);
                if (undefined) {
                    Propagate(c, api, Flow::kElementwise,
                              {{Footprint::Contiguous(dstDef + d, 1, 8 * e), DefSpace::kCube}},
                              {{Footprint::Contiguous(srcDef + s, 1, 8 * e), DefSpace::kCube}});
                }
            }
        }
        if (!undefined) {
            for (uint64_t t : to)
                DefineBytes(c, DefSpace::kCube, Footprint::Contiguous(dstDef + t, kTransposeFractalBytes, 8));
        }
    }
    (dst.buffer == CubeBuffer::kL0B ? c.cost.l1ToL0bBytes : c.cost.l1ToL0aBytes) +=
        uint64_t{p.repeatTimes} * kTransposeSquareBytes;
}

}  // namespace ascendc_sim
