#include "sim/matmul_gemm.h"

#include <algorithm>
#include <cstring>

namespace ascendc_sim {
namespace {

constexpr int64_t kGemmDepthBlock = 256;  // k values per pass: a B panel's block stays in L1, A's in L2

template <typename T>
struct GemmVector {
    typedef T type __attribute__((vector_size(32)));  // lowered to two 16-byte halves without AVX
};

// Where a tile's sums start: C's own values, or (the first k block of GemmAssign) this tile's columns of a start
// row, or zeros (row nullptr).
template <typename T>
struct TileStart {
    bool fromC = true;
    const T* row = nullptr;
};

// One kRows x kCols tile of C over `depth` k values. C is read once (unless the tile starts elsewhere) and written
// once; in between each element's value lives in a vector lane and takes its products in k order: acc + a * b, the
// product rounded first (the clones are compiled with fp-contract off, so nothing fuses them).
template <typename T>
__attribute__((always_inline)) inline void GemmTile(const T* ap, const T* bp, int64_t depth, T* c, int64_t ldc,
                                                    int64_t rows, int64_t cols, TileStart<T> start) {
    using V = typename GemmVector<T>::type;
    constexpr int64_t kR = GemmOperands<T>::kRows, kC = GemmOperands<T>::kCols, kL = kC / 2;
    T edge[kR * kC];
    const bool whole = rows == kR && cols == kC;
    T* tile = whole ? c : edge;
    const int64_t ld = whole ? ldc : kC;
    V acc[kR][2];
    if (start.fromC) {
        if (!whole) {
            std::fill(edge, edge + kR * kC, T{});
            for (int64_t r = 0; r < rows; ++r) std::memcpy(edge + r * kC, c + r * ldc, cols * sizeof(T));
        }
        for (int64_t r = 0; r < kR; ++r) {
            std::memcpy(&acc[r][0], tile + r * ld, sizeof(V));
            std::memcpy(&acc[r][1], tile + r * ld + kL, sizeof(V));
        }
    } else {
        T row[kC] = {};
        if (start.row != nullptr) std::memcpy(row, start.row, cols * sizeof(T));
        V s0, s1;
        std::memcpy(&s0, row, sizeof(V));
        std::memcpy(&s1, row + kL, sizeof(V));
        for (int64_t r = 0; r < kR; ++r) acc[r][0] = s0, acc[r][1] = s1;
    }
    for (int64_t kk = 0; kk < depth; ++kk) {
        V b0, b1;
        std::memcpy(&b0, bp + kk * kC, sizeof(V));
        std::memcpy(&b1, bp + kk * kC + kL, sizeof(V));
        for (int64_t r = 0; r < kR; ++r) {
            const T a = ap[kk * kR + r];
            acc[r][0] = acc[r][0] + a * b0;
            acc[r][1] = acc[r][1] + a * b1;
        }
    }
    for (int64_t r = 0; r < kR; ++r) {
        std::memcpy(tile + r * ld, &acc[r][0], sizeof(V));
        std::memcpy(tile + r * ld + kL, &acc[r][1], sizeof(V));
    }
    if (!whole) {
        for (int64_t r = 0; r < rows; ++r) std::memcpy(c + r * ldc, edge + r * kC, cols * sizeof(T));
    }
}

// k in blocks (C's tiles are stored and reloaded between them: the same values, in the same order), then B's panels,
// then A's: one block of B's panel is reused by every panel of A. `assign`: the first k block starts each row from
// `start` (nullptr: zeros), not from C.
template <typename T>
__attribute__((always_inline)) inline void GemmBlocked(const GemmOperands<T>& o, T* c, int64_t ldc, bool assign,
                                                       const T* start) {
    constexpr int64_t kR = GemmOperands<T>::kRows, kC = GemmOperands<T>::kCols;
    const int64_t rowPanels = (o.m + kR - 1) / kR, colPanels = (o.n + kC - 1) / kC;
    for (int64_t k0 = 0; k0 < o.k; k0 += kGemmDepthBlock) {
        const int64_t depth = std::min(kGemmDepthBlock, o.k - k0);
        for (int64_t q = 0; q < colPanels; ++q) {
            const T* bp = o.b.data() + (q * o.k + k0) * kC;
            const int64_t cols = std::min(kC, o.n - q * kC);
            TileStart<T> from;
            if (assign && k0 == 0) from = {false, start != nullptr ? start + q * kC : nullptr};
            for (int64_t p = 0; p < rowPanels; ++p) {
                const T* ap = o.a.data() + (p * o.k + k0) * kR;
                GemmTile(ap, bp, depth, c + p * kR * ldc + q * kC, ldc, std::min(kR, o.m - p * kR), cols, from);
            }
        }
    }
}

// On x86-64 one clone for AVX2 (four doubles, eight floats or int32 a vector) and one for any x86-64, picked at load
// time; elsewhere (an aarch64 Atlas host) the one build. No contraction into FMA anywhere: it would round differently.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ASCENDC_SIM_GEMM_BUILD __attribute__((target_clones("avx2", "default"), optimize("fp-contract=off")))
#elif defined(__GNUC__) && !defined(__clang__)
#define ASCENDC_SIM_GEMM_BUILD __attribute__((optimize("fp-contract=off")))
#else
#define ASCENDC_SIM_GEMM_BUILD
#pragma STDC FP_CONTRACT OFF
#endif
ASCENDC_SIM_GEMM_BUILD void GemmDouble(const GemmOperands<double>& o, double* c, int64_t ldc) {
    GemmBlocked<double>(o, c, ldc, false, nullptr);
}
ASCENDC_SIM_GEMM_BUILD void GemmFloat(const GemmOperands<float>& o, float* c, int64_t ldc, bool assign,
                                      const float* start) {
    GemmBlocked(o, c, ldc, assign, start);
}
ASCENDC_SIM_GEMM_BUILD void GemmWrapping(const GemmOperands<uint32_t>& o, uint32_t* c, int64_t ldc) {
    GemmBlocked<uint32_t>(o, c, ldc, false, nullptr);
}

}  // namespace

void GemmAccumulate(const GemmOperands<double>& o, double* c, int64_t ldc) {
    if (o.m > 0 && o.n > 0 && o.k > 0) GemmDouble(o, c, ldc);
}
void GemmAccumulate(const GemmOperands<float>& o, float* c, int64_t ldc) {
    if (o.m > 0 && o.n > 0 && o.k > 0) GemmFloat(o, c, ldc, false, nullptr);
}
void GemmAssign(const GemmOperands<float>& o, const float* start, float* c, int64_t ldc) {
    if (o.m <= 0 || o.n <= 0) return;
    if (o.k > 0) return GemmFloat(o, c, ldc, true, start);
    for (int64_t i = 0; i < o.m; ++i) {  // no products: C is the start row
        float* row = c + i * ldc;
        if (start != nullptr) {
            std::copy(start, start + o.n, row);
        } else {
            std::fill(row, row + o.n, 0.0f);
        }
    }
}
void GemmAccumulate(const GemmOperands<uint32_t>& o, uint32_t* c, int64_t ldc) {
    if (o.m > 0 && o.n > 0 && o.k > 0) GemmWrapping(o, c, ldc);
}

}  // namespace ascendc_sim
