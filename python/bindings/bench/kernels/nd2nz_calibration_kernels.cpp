// A half ND matrix to the global compact NZ layout on the vector cores, as asc-devkit's bank_conflict_nd2nz sample
// tiles it on A2 (its README: 6 x 8 blocks, 144 x 128 tiles, ping-pong buffers [nd | nd | nz | nz] in UB, the C0
// columns of a tile nzC0Stride 32-byte blocks apart in UB: 144 puts them all in one bank group, 145 in eight).
// Written for the twin from the README (no code). One difference: the sample scatters a tile's eight C0 columns with
// one vector Copy (CopyRepeatParams), which the twin does not provide; here one UB -> UB DataCopy per C0 column
// (blockCount rows of one 32-byte block, the ND row's other seven blocks skipped) does the same moves.
#include "kernel_operator.h"
#include "python/bindings/bench/kernels/vector_calibration_tiling.h"

using namespace AscendC;

namespace {

constexpr uint32_t kC0 = 16;  // halves per 32-byte block

class Nd2NzCalibration {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR z, const Nd2NzCalibrationTiling& t) {
        t_ = t;
        const uint64_t count = uint64_t{t.rows} * t.cols;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x), count);
        zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(z), count);
        c0Cols_ = t.tileCols / kC0;
        pipe_.InitBuffer(ndQ_, 2, t.tileRows * t.tileCols * sizeof(half));
        pipe_.InitBuffer(nzQ_, 2, t.nzC0Stride * c0Cols_ * 32);
    }

    // Block (r, c) of rowSplits x colSplits: a run of whole row tiles (the tiles dealt as evenly as they go) by
    // cols / colSplits columns.
    __aicore__ inline void Process() {
        const uint32_t idx = GetBlockIdx(), r = idx / t_.colSplits, c = idx % t_.colSplits;
        const uint32_t rowTiles = (t_.rows + t_.tileRows - 1) / t_.tileRows;
        const uint32_t first = rowTiles * r / t_.rowSplits, last = rowTiles * (r + 1) / t_.rowSplits;
        const uint32_t width = t_.cols / t_.colSplits;
        for (uint32_t rt = first; rt < last; ++rt) {
            const uint32_t row0 = rt * t_.tileRows;
            const uint32_t h = t_.rows - row0 < t_.tileRows ? t_.rows - row0 : t_.tileRows;
            for (uint32_t col0 = c * width; col0 < (c + 1) * width; col0 += t_.tileCols) Tile(row0, h, col0);
        }
    }

private:
    __aicore__ inline void Tile(uint32_t row0, uint32_t h, uint32_t col0) {
        const uint16_t rowBlocks = static_cast<uint16_t>(t_.tileCols / kC0);
        LocalTensor<half> nd = ndQ_.AllocTensor<half>();
        DataCopy(nd, xGm_[uint64_t{row0} * t_.cols + col0],
                 DataCopyParams(static_cast<uint16_t>(h), rowBlocks,
                                static_cast<uint16_t>((t_.cols - t_.tileCols) / kC0), 0));
        ndQ_.EnQue(nd);
        nd = ndQ_.DeQue<half>();
        LocalTensor<half> nz = nzQ_.AllocTensor<half>();
        for (uint32_t j = 0; j < c0Cols_; ++j) {  // C0 column j: row i's block j -> block i of column j
            DataCopy(nz[j * t_.nzC0Stride * kC0], nd[j * kC0],
                     DataCopyParams(static_cast<uint16_t>(h), 1, static_cast<uint16_t>(rowBlocks - 1), 0));
        }
        ndQ_.FreeTensor(nd);
        nzQ_.EnQue(nz);
        nz = nzQ_.DeQue<half>();
        // global NZ: C0 column k holds all rows' block k, rows x 32 bytes contiguous
        const uint64_t to = (uint64_t{col0 / kC0} * t_.rows + row0) * kC0;
        DataCopy(zGm_[to], nz,
                 DataCopyParams(static_cast<uint16_t>(c0Cols_), static_cast<uint16_t>(h),
                                static_cast<uint16_t>(t_.nzC0Stride - h), static_cast<uint16_t>(t_.rows - h)));
        nzQ_.FreeTensor(nz);
    }

    TPipe pipe_;
    TQue<TPosition::VECIN, 2> ndQ_;
    TQue<TPosition::VECOUT, 2> nzQ_;
    GlobalTensor<half> xGm_, zGm_;
    Nd2NzCalibrationTiling t_{};
    uint32_t c0Cols_ = 0;
};

}  // namespace

extern "C" __global__ __aicore__ void simtest_nd2nz_calibration(GM_ADDR x, GM_ADDR z, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(Nd2NzCalibrationTiling);
    GET_TILING_DATA(t, tiling);
    Nd2NzCalibration op;
    op.Init(x, z, t);
    op.Process();
}
