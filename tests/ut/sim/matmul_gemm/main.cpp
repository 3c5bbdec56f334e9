// Runs GemmAccumulate, the arithmetic under Mmad and the Matmul API, on row-major A (m x k), B (k x n) and C's
// starting values (m x n) read from files, and writes C:
//   sim_matmul_gemm <mode> <m> <k> <n> <a.bin> <b.bin> <c.bin> <out.bin>
// mode double: half A and B, float C summed in double (Mmad's float L0C); float: half A and B, float C summed in
// float (the Matmul API's L0C); int8: int8 A and B, int32 C in wrapping int32 arithmetic (Mmad's int32 L0C).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "sim/matmul_gemm.h"
#include "sim/types.h"
#include "tests/ut/sim/read_file.h"

namespace {

struct Files {
    int64_t m, k, n;
    std::vector<uint8_t> a, b, c;
};

template <typename Acc, typename In, typename C, typename Convert>
std::vector<uint8_t> Run(const Files& f, Convert convert) {
    ascendc_sim::GemmOperands<Acc> o;
    auto element = [&](const std::vector<uint8_t>& bytes, int64_t idx) {
        In v;
        std::memcpy(&v, bytes.data() + idx * sizeof(In), sizeof(In));
        return convert(v);
    };
    o.PackA(f.m, f.k, [&](int64_t i, int64_t kk) { return element(f.a, i * f.k + kk); });
    o.PackB(f.n, f.k, [&](int64_t j, int64_t kk) { return element(f.b, kk * f.n + j); });
    std::vector<Acc> sums(static_cast<size_t>(f.m * f.n));
    for (size_t i = 0; i < sums.size(); ++i) {
        C start;
        std::memcpy(&start, f.c.data() + i * sizeof(C), sizeof(C));
        sums[i] = static_cast<Acc>(start);
    }
    ascendc_sim::GemmAccumulate(o, sums.data(), f.n);
    std::vector<uint8_t> out(sums.size() * sizeof(C));
    for (size_t i = 0; i < sums.size(); ++i) {
        const C v = static_cast<C>(sums[i]);
        std::memcpy(out.data() + i * sizeof(C), &v, sizeof(C));
    }
    return out;
}

}  // namespace

int main(int argc, char* argv[]) {
    if (argc != 9) {
        std::fprintf(stderr, "usage: %s <double|float|int8> <m> <k> <n> <a.bin> <b.bin> <c.bin> <out.bin>\n", argv[0]);
        return 2;
    }
    const std::string mode = argv[1];
    Files f{std::atoll(argv[2]), std::atoll(argv[3]), std::atoll(argv[4]), {}, {}, {}};
    const size_t in = mode == "int8" ? 1 : 2;
    f.a.resize(f.m * f.k * in);
    f.b.resize(f.k * f.n * in);
    f.c.resize(f.m * f.n * 4);
    if (!ReadInto(argv[5], f.a.data(), f.a.size()) || !ReadInto(argv[6], f.b.data(), f.b.size()) ||
        !ReadInto(argv[7], f.c.data(), f.c.size())) {
        std::fprintf(stderr, "cannot read %s, %s and %s\n", argv[5], argv[6], argv[7]);
        return 2;
    }
    auto half = [](uint16_t h) { return ascendc_sim::HalfBitsToFloat(h); };
    std::vector<uint8_t> out;
    if (mode == "double") {
        out = Run<double, uint16_t, float>(f, half);
    } else if (mode == "float") {
        out = Run<float, uint16_t, float>(f, half);
    } else if (mode == "int8") {
        out = Run<uint32_t, int8_t, int32_t>(f, [](int8_t v) { return static_cast<uint32_t>(int32_t{v}); });
    } else {
        std::fprintf(stderr, "unknown mode %s\n", argv[1]);
        return 2;
    }
    FILE* file = std::fopen(argv[8], "wb");
    if (file == nullptr || std::fwrite(out.data(), 1, out.size(), file) != out.size()) return 2;
    std::fclose(file);
    return 0;
}
