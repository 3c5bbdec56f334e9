// The temporary-buffer sizes of the quantisation and filter APIs (GetAscendQuant / Dequant / AntiQuant,
// GetDropOut, GetSelect MaxMinTmpSize), called as host tiling code calls them; printed by main.cpp in both builds.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#ifdef ADV_TILING_ORACLE
#include "adv_api/filter/dropout_tiling.h"
#include "adv_api/quantization/ascend_antiquant_tiling.h"
#include "adv_api/quantization/ascend_dequant_tiling.h"
#include "adv_api/quantization/ascend_quant_tiling.h"
#include "adv_api/select/selectwithbytesmask_tiling.h"
#else
#include "tiling/tiling_api.h"
#endif

namespace {

using Dims = std::vector<int64_t>;

std::string Key(const Dims& dims) {
    std::string s;
    for (int64_t d : dims) s += std::to_string(d) + "x";
    return s.empty() ? "scalar" : s.substr(0, s.size() - 1);
}

void Print(const std::string& key, uint32_t mx, uint32_t mn) { std::printf("%s %u %u\n", key.c_str(), mx, mn); }

void Quant() {
    for (const Dims& d : {Dims{16}, Dims{64}, Dims{1024}, Dims{4096}, Dims{8, 160}, Dims{32, 2048}}) {
        for (uint32_t ts : {2u, 4u}) {
            uint32_t mx = 0, mn = 0;
            AscendC::GetAscendQuantMaxMinTmpSize(AscendC::TensorShape(d), ts, mx, mn);
            Print("quant_" + Key(d) + "_" + std::to_string(ts), mx, mn);
        }
    }
    for (const Dims& d : {Dims{8}, Dims{64}, Dims{1000}, Dims{4, 32}, Dims{128, 32}, Dims{7, 64}}) {
        uint32_t mx = 0, mn = 0;
        AscendC::GetAscendDequantMaxMinTmpSize(AscendC::TensorShape(d), 4, mx, mn);
        Print("dequant_" + Key(d), mx, mn);
    }
    const std::vector<std::pair<const char*, AscendC::TensorDataType>> outputs = {
        {"half", AscendC::TensorDataType::DT_FLOAT16}, {"bf16", AscendC::TensorDataType::DT_BF16}};
    const std::vector<std::pair<const char*, AscendC::TensorDataType>> inputs = {
        {"int8", AscendC::TensorDataType::DT_INT8}, {"fp4", AscendC::TensorDataType::DT_FLOAT4_E2M1}};
    for (const Dims& scale : {Dims{1}, Dims{128}, Dims{1, 128}, Dims{2, 128}, Dims{64, 4}}) {
        for (bool transpose : {false, true}) {
            for (const auto& in : inputs) {
                for (const auto& out : outputs) {
                    uint32_t mx = 0, mn = 0;
                    AscendC::GetAscendAntiQuantMaxMinTmpSize(AscendC::TensorShape(Dims{64, 128}),
                                                             AscendC::TensorShape(scale), transpose, in.second,
                                                             out.second, mx, mn);
                    Print(std::string("antiquant_") + Key(scale) + "_" + std::to_string(transpose) + "_" + in.first +
                              "_" + out.first,
                          mx, mn);
                }
            }
        }
    }
}

void Filter() {
    for (const Dims& d : {Dims{8}, Dims{33}, Dims{64}, Dims{1000}, Dims{8, 160}, Dims{4, 256}, Dims{32, 2048}}) {
        for (uint32_t ts : {2u, 4u}) {
            uint32_t mx = 0, mn = 0;
            AscendC::GetDropOutMaxMinTmpSize(AscendC::TensorShape(d), ts, false, mx, mn);
            Print("dropout_" + Key(d) + "_" + std::to_string(ts), mx, mn);
        }
    }
    // (src0, src1, mask): a tensor and a scalar either way round, the mask's last axis equal or longer
    const std::vector<std::vector<Dims>> cases = {{{2, 32}, {1}, {2, 32}},      {{2, 32}, {1}, {2, 64}},
                                                  {{4, 256}, {1}, {4, 256}},    {{1}, {4, 256}, {4, 288}},
                                                  {{64, 128}, {1}, {64, 160}},  {{128, 512}, {1}, {128, 512}},
                                                  {{128, 512}, {}, {128, 544}}, {{16, 16}, {1}, {16, 32}}};
    for (const auto& c : cases) {
        for (uint32_t maskTypeSize : {1u, 2u, 4u}) {
            for (bool reuse : {false, true}) {
                uint32_t mx = 0, mn = 0;
                AscendC::GetSelectMaxMinTmpSize(AscendC::TensorShape(c[0]), AscendC::TensorShape(c[1]), 4,
                                                AscendC::TensorShape(c[2]), maskTypeSize, reuse, mx, mn);
                Print("select_" + Key(c[0]) + "_" + Key(c[1]) + "_" + Key(c[2]) + "_" + std::to_string(maskTypeSize) +
                          "_" + std::to_string(reuse),
                      mx, mn);
            }
        }
    }
}

}  // namespace

void FilterAndQuant() {
    Quant();
    Filter();
}
