// The cube's arithmetic on the CPU, under Mmad (cube_ops.cpp) and the Matmul API (cube_engine.cpp):
// C (row-major m x n) += A (m x k) x B (k x n), every element of C starting from its own value and adding its k
// products one by one in k order, each product rounded to T and then added (never fused). T is the accumulator:
// double (Mmad's sums), float (the Matmul API's FP32 L0C) or uint32_t (int8 inputs: int32 arithmetic that wraps).
// The same order as a plain triple loop, so the result is bit-equal to one; only the memory order is blocked.
#pragma once
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

private:
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

}  // namespace ascendc_sim
