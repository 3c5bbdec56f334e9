// The advanced APIs' host tilings, called as an operator's tiling calls them: built against the twin's
// tiling/tiling_api.h (sim_adv_tiling), and by test_adv_tiling.py with ADV_TILING_ORACLE against asc-devkit's own
// headers and open tiling sources. Prints one `key value...` line per call, the same keys in both builds.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#ifdef ADV_TILING_ORACLE
#include "adv_api/activation/geglu_tiling.h"
#include "adv_api/activation/gelu_tiling.h"
#include "adv_api/activation/logsoftmax_tiling.h"
#include "adv_api/activation/sigmoid_tiling.h"
#include "adv_api/activation/silu_tiling.h"
#include "adv_api/activation/softmax_tiling.h"
#include "adv_api/activation/swiglu_tiling.h"
#include "adv_api/activation/swish_tiling.h"
#include "adv_api/math/acosh_tiling.h"
#include "adv_api/math/axpy_tiling.h"
#include "adv_api/math/ceil_tiling.h"
#include "adv_api/math/clamp_tiling.h"
#include "adv_api/math/exp_tiling.h"
#include "adv_api/math/fmod_tiling.h"
#include "adv_api/math/frac_tiling.h"
#include "adv_api/math/power_tiling.h"
#include "adv_api/math/xor_tiling.h"
#include "adv_api/reduce/sum_tiling.h"
#else
#include "tiling/tiling_api.h"
#endif

namespace {

const std::vector<std::vector<int64_t>> kShapes = {{8}, {16}, {33}, {64}, {1000}, {4096}, {8, 160}, {32, 2048}};
const std::vector<uint32_t> kTypeSizes = {2, 4};

std::string Name(const std::vector<int64_t>& dims, uint32_t ts) {
    std::string s;
    for (int64_t d : dims) s += std::to_string(d) + "x";
    return s + std::to_string(ts);
}

template <typename F>
void Each(const char* api, F f) {
    for (const auto& dims : kShapes) {
        for (uint32_t ts : kTypeSizes) {
            uint32_t maxValue = 0, minValue = 0;
            f(AscendC::TensorShape(dims), ts, maxValue, minValue);
            std::printf("%s_%s %u %u\n", api, Name(dims, ts).c_str(), maxValue, minValue);
        }
    }
}

void PrintTiling(const std::string& key, const AscendC::tiling::SoftMaxTiling& t) {
    const uint32_t* f = reinterpret_cast<const uint32_t*>(&t);
    std::printf("%s", key.c_str());
    for (size_t i = 0; i < sizeof(t) / sizeof(uint32_t); ++i) std::printf(" %u", f[i]);
    std::printf("\n");
}

void SoftMax() {
    const std::vector<std::vector<int64_t>> shapes = {{1, 64}, {8, 64}, {16, 160}, {64, 2048}, {3, 5, 256}, {32, 16}};
    const std::vector<uint32_t> spaces = {1024, 4096, 16384, 65536, 196608};
    for (const auto& dims : shapes) {
        for (uint32_t ts : kTypeSizes) {
            const AscendC::TensorShape shape(dims);
            std::printf("softmax_tmp_%s %u %u\n", Name(dims, ts).c_str(),
                        AscendC::GetSoftMaxMaxTmpSize(shape, ts, false),
                        AscendC::GetSoftMaxMinTmpSize(shape, ts, false));
            std::printf("logsoftmax_tmp_%s %u %u\n", Name(dims, ts).c_str(),
                        AscendC::GetLogSoftMaxMaxTmpSize(shape, ts, false),
                        AscendC::GetLogSoftMaxMinTmpSize(shape, ts, false));
            for (bool front : {false, true}) {
                std::printf("softmaxgrad_tmp_%s_%d %u %u\n", Name(dims, ts).c_str(), front,
                            AscendC::GetSoftMaxGradMaxTmpSize(shape, ts, front, false),
                            AscendC::GetSoftMaxGradMinTmpSize(shape, ts, front, false));
            }
            for (uint32_t space : spaces) {
                AscendC::tiling::SoftMaxTiling t;
                AscendC::SoftMaxTilingFunc(shape, ts, space, t);
                PrintTiling("softmax_tiling_" + Name(dims, ts) + "_" + std::to_string(space), t);
                if (space >= AscendC::GetLogSoftMaxMinTmpSize(shape, ts, false)) {  // below: CANN divides by 0
                    AscendC::tiling::LogSoftMaxTiling logTiling;
                    AscendC::LogSoftMaxTilingFunc(shape, ts, space, logTiling);
                    PrintTiling("logsoftmax_tiling_" + Name(dims, ts) + "_" + std::to_string(space), logTiling);
                }
                for (bool front : {false, true}) {
                    AscendC::SoftMaxGradTilingFunc(shape, ts, space, t, front);
                    PrintTiling("softmaxgrad_tiling_" + Name(dims, ts) + "_" + std::to_string(space) + "_" +
                                    std::to_string(front),
                                t);
                }
            }
        }
    }
}

}  // namespace

void FilterAndQuant();  // filter_quant.cpp
void PadTilings();      // pad.cpp

int main() {
    using S = AscendC::TensorShape;
    Each("gelu", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetGeluMaxMinTmpSize(s, ts, mx, mn);
        if (AscendC::GetGeluMaxTmpSize(s, ts) != mx || AscendC::GetGeluMinTmpSize(s, ts) != mn) mx = mn = 1;
    });
    Each("sigmoid", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetSigmoidMaxMinTmpSize(s, ts, false, mx, mn);
    });
    Each("ceil", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetCeilMaxMinTmpSize(s, ts, false, mx, mn);
    });
    Each("frac", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetFracMaxMinTmpSize(s, ts, false, mx, mn);
    });
    Each("acosh", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetAcoshMaxMinTmpSize(s, ts, false, mx, mn);
    });
    Each("exp", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetExpMaxMinTmpSize(s, ts, false, mx, mn);
    });
    Each("exp_reuse", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetExpMaxMinTmpSize(s, ts, true, mx, mn);
    });
    Each("swiglu", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetSwiGLUMaxMinTmpSize(s, ts, mx, mn, false);
    });
    Each("geglu", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetGeGLUMaxMinTmpSize(s, ts, false, mx, mn);
    });
    Each("axpy", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetAxpyMaxMinTmpSize(s, ts, false, mx, mn);
    });
    Each("xor", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetXorMaxMinTmpSize(s, ts, false, mx, mn);
    });
    Each("clamp", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetClampMaxMinTmpSize(s, ts, false, mx, mn);
    });
    Each("fmod", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetFmodMaxMinTmpSize(s, ts, false, mx, mn);
    });
    Each("power", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetPowerMaxMinTmpSize(s, s, false, ts, false, mx, mn);
    });
    Each("power_scalar", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetPowerMaxMinTmpSize(S({1}), s, false, ts, false, mx, mn);
    });
    Each("power_int", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetPowerMaxMinTmpSize(s, S({1}), true, ts, false, mx, mn);
    });
    Each("silu", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        mx = mn = 7;
        AscendC::GetSiluTmpSize(s, ts, false, mx, mn);
    });
    Each("swish", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        mx = mn = 7;
        AscendC::GetSwishTmpSize(s, ts, false, mx, mn);
    });
    Each("sum", [](const S& s, uint32_t ts, uint32_t& mx, uint32_t& mn) {
        AscendC::GetSumMaxMinTmpSize(static_cast<uint32_t>(s.GetDims().back()), ts, false, mx, mn);
    });
    SoftMax();
    FilterAndQuant();
    PadTilings();
#ifndef ADV_TILING_ORACLE
    // the twin refuses what CANN's checks reject, naming the function and the parameter
    try {
        uint32_t mx, mn;
        AscendC::GetGeluMaxMinTmpSize(S({16}), 8, mx, mn);
        std::printf("refuse_typesize accepted\n");
    } catch (const std::exception& e) {
        std::printf("refuse_typesize %s\n", e.what());
    }
    try {
        uint32_t mx, mn;
        AscendC::GetSigmoidMaxMinTmpSize(S(std::vector<int64_t>{}), 4, false, mx, mn);
        std::printf("refuse_empty accepted\n");
    } catch (const std::exception& e) {
        std::printf("refuse_empty %s\n", e.what());
    }
    try {
        AscendC::tiling::LogSoftMaxTiling t;
        AscendC::LogSoftMaxTilingFunc(S({4, 2048}), 4, 1024, t);
        std::printf("refuse_small_space accepted\n");
    } catch (const std::exception& e) {
        std::printf("refuse_small_space %s\n", e.what());
    }
    try {
        uint32_t mx, mn;
        AscendC::GetAscendQuantMaxMinTmpSize(S({17}), 2, mx, mn);
        std::printf("refuse_quant_unaligned accepted\n");
    } catch (const std::exception& e) {
        std::printf("refuse_quant_unaligned %s\n", e.what());
    }
    try {
        uint32_t mx, mn;
        AscendC::GetAscendDequantMaxMinTmpSize(S({2, 4, 8}), 4, mx, mn);
        std::printf("refuse_dequant_dims accepted\n");
    } catch (const std::exception& e) {
        std::printf("refuse_dequant_dims %s\n", e.what());
    }
    try {
        uint32_t mx, mn;
        AscendC::GetSelectMaxMinTmpSize(S({2, 32}), S({1}), 4, S({2, 32}), 3, false, mx, mn);
        std::printf("refuse_select_mask accepted\n");
    } catch (const std::exception& e) {
        std::printf("refuse_select_mask %s\n", e.what());
    }
    try {
        AscendC::tiling::PadTiling t;
        AscendC::PadTilingFunc(S({16, 31}), S({16, 31}), 1000, 4, t);
        std::printf("refuse_pad_space accepted\n");
    } catch (const std::exception& e) {
        std::printf("refuse_pad_space %s\n", e.what());
    }
    try {
        AscendC::GetSoftMaxMinTmpSize(S({4, 12}), 4, false);
        std::printf("refuse_unaligned accepted\n");
    } catch (const std::exception& e) {
        std::printf("refuse_unaligned %s\n", e.what());
    }
#endif
    return 0;
}
