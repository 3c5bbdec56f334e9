// The cube's arithmetic on the CPU, under Mmad (cube_ops.cpp) and the Matmul API (cube_engine.cpp):
// C (row-major m x n) += A (m x k) x B (k x n), every element of C starting from its own value and adding its k
// products one by one in k order, each product rounded to T and then added (never fused). T is the accumulator:
// double (Mmad's sums), float (the Matmul API's FP32 L0C) or uint32_t (int8 inputs: int32 arithmetic that wraps).
// The same order as a plain triple loop, so the result is bit-equal to one; only the memory order is blocked.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

namespace ascendc_sim {

template <typename T>
struct GemmOperands {
    static constexpr int64_t kRows = 4;                        // rows of A per panel
    static constexpr int64_t kCols = 64 / int64_t{sizeof(T)};  // columns of B per panel: two 32-byte vectors
    int64_t m = 0, n = 0, k = 0;
    std::vector<T> a;  // panel p of A: for each kk, A(p * kRows + r, kk) for r < kRows (zero past m)
    std::vector<T> b;  // panel q of B: for each kk, B(kk, q * kCols + c) for c < kCols (zero past n)

    // get(i, kk): A's element as T; A is rows x depth.
    template <typename Get>
    void PackA(int64_t rows, int64_t depth, Get&& get) {
        m = rows;
        k = depth;
        Pack(a, rows, kRows, get);
    }
    // get(j, kk): B's element (kk, j) as T; B is depth x columns, of the same depth as A.
    template <typename Get>
    void PackB(int64_t columns, int64_t depth, Get&& get) {
        n = columns;
        k = depth;
        Pack(b, columns, kCols, get);
    }

    // A (rows x depth) from memory: element (i, kk) is convert(at[i * rowStride + kk * depthStride]), read by
    // `read(pointer)` (a memcpy: GM has no C++ type). One loop per panel, no call per element.
    template <typename Src, typename Read>
    void PackA(int64_t rows, int64_t depth, const uint8_t* at, int64_t rowStride, int64_t depthStride, Read read) {
        m = rows;
        k = depth;
        PackStrided<kRows, Src>(a, rows, at, rowStride, depthStride, read);
    }
    // B (depth x columns): element (kk, j) is read(at + (j * columnStride + kk * depthStride) elements of Src).
    template <typename Src, typename Read>
    void PackB(int64_t columns, int64_t depth, const uint8_t* at, int64_t columnStride, int64_t depthStride,
               Read read) {
        n = columns;
        k = depth;
        PackStrided<kCols, Src>(b, columns, at, columnStride, depthStride, read);
    }

private:
    // Panel by panel in store order (kk, lane) over a chunk of k steps, then the next chunk: a source whose lanes are
    // adjacent (stride 1) has a chunk's rows in cache while every panel takes its lanes from them (runs the compiler
    // vectorises); any other source is read in `kWidth` streams advancing along k. Lanes past `count` are zero.
    template <int64_t kWidth, typename Src, typename Read>
    void PackStrided(std::vector<T>& out, int64_t count, const uint8_t* at, int64_t laneStride, int64_t depthStride,
                     Read& read) {
        constexpr int64_t kSize = sizeof(Src), kChunk = 32;
        const int64_t panels = (count + kWidth - 1) / kWidth;
        const auto size = static_cast<std::size_t>(panels * k * kWidth);
        if (out.size() < size) out.resize(size);  // never shrunk: a later larger block zero-fills no tail again
        auto lanes = [&](T* dst, const uint8_t* src, int64_t live, int64_t stride, int64_t steps) {
            for (int64_t kk = 0; kk < steps; ++kk, dst += kWidth, src += depthStride * kSize) {
                for (int64_t r = 0; r < live; ++r) dst[r] = read(src + r * stride * kSize);
                for (int64_t r = live; r < kWidth; ++r) dst[r] = T{};
            }
        };
        for (int64_t k0 = 0; k0 < k; k0 += kChunk) {
            const int64_t steps = std::min(kChunk, k - k0);
            for (int64_t p = 0; p < panels; ++p) {
                T* dst = out.data() + (p * k + k0) * kWidth;
                const uint8_t* src = at + (p * kWidth * laneStride + k0 * depthStride) * kSize;
                const int64_t live = std::min(kWidth, count - p * kWidth);
                if (live == kWidth && laneStride == 1) {  // constant lanes and stride: vector loads
                    lanes(dst, src, kWidth, 1, steps);
                } else if (live == kWidth) {
                    lanes(dst, src, kWidth, laneStride, steps);
                } else {
                    lanes(dst, src, live, laneStride, steps);
                }
            }
        }
    }

    template <typename Get>
    void Pack(std::vector<T>& out, int64_t count, int64_t width, Get& get) {
        const int64_t panels = (count + width - 1) / width;
        out.assign(static_cast<std::size_t>(panels * k * width), T{});
        for (int64_t x = 0; x < count; ++x) {
            T* at = out.data() + (x / width) * k * width + x % width;
            for (int64_t kk = 0; kk < k; ++kk) at[kk * width] = get(x, kk);
        }
    }
};

// C (m x n, ldc elements per row) += A x B of the packed operands.
void GemmAccumulate(const GemmOperands<double>& o, double* c, int64_t ldc);
void GemmAccumulate(const GemmOperands<float>& o, float* c, int64_t ldc);
void GemmAccumulate(const GemmOperands<uint32_t>& o, uint32_t* c, int64_t ldc);
// C = start + A x B: every row of C starts from the row `start` (n values; nullptr: zeros) instead of C's own
// values, which are not read (the same sums as filling C first, without the pass).
void GemmAssign(const GemmOperands<float>& o, const float* start, float* c, int64_t ldc);

}  // namespace ascendc_sim
