// Pad's and UnPad's tilings (GetPadMaxMinTmpSize, PadTilingFunc, GetUnPadMaxMinTmpSize, UnPadTilingFunc), called as
// host tiling code calls them; printed by main.cpp in both builds, each tiling as its fields in order.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#ifdef ADV_TILING_ORACLE
#include "adv_api/pad/pad_tiling.h"
#else
#include "tiling/tiling_api.h"
#endif

namespace {

using Dims = std::vector<int64_t>;

template <typename Tiling>
void PrintFields(const std::string& key, const Tiling& t) {
    const uint32_t* f = reinterpret_cast<const uint32_t*>(&t);
    std::printf("%s", key.c_str());
    for (size_t i = 0; i < sizeof(t) / sizeof(uint32_t); ++i) std::printf(" %u", f[i]);
    std::printf("\n");
}

}  // namespace

void PadTilings() {
    const std::vector<std::pair<Dims, Dims>> shapes = {
        {{16, 31}, {16, 31}}, {{16, 32}, {16, 30}},  {{8, 8}, {8, 8}},       {{300, 40}, {300, 37}},
        {{4, 15}, {4, 15}},   {{1, 1000}, {1, 999}}, {{600, 64}, {600, 64}}, {{3, 5}, {3, 5}}};
    platform_ascendc::PlatformAscendC* plat = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B1");
    for (const auto& [dims, ori] : shapes) {
        for (uint32_t ts : {2u, 4u}) {
            const std::string name = std::to_string(dims[0]) + "x" + std::to_string(dims[1]) + "_" +
                                     std::to_string(ori[1]) + "_" + std::to_string(ts);
            const AscendC::TensorShape shape(dims);
            uint32_t mx = 0, mn = 0;
            AscendC::GetPadMaxMinTmpSize(shape, ts, mx, mn);
            std::printf("pad_tmp_%s %u %u\n", name.c_str(), mx, mn);
            for (uint32_t space : {0u, mn, mx, 5000u}) {
                AscendC::tiling::PadTiling t;
                AscendC::PadTilingFunc(shape, AscendC::TensorShape(ori), space, ts, t);
                PrintFields("pad_tiling_" + name + "_" + std::to_string(space), t);
            }
            AscendC::GetUnPadMaxMinTmpSize(*plat, shape, ts, mx, mn);
            std::printf("unpad_tmp_%s %u %u\n", name.c_str(), mx, mn);
            for (uint32_t space : {0u, 1024u, 4096u, 5000u}) {
                AscendC::tiling::UnPadTiling t;
                AscendC::UnPadTilingFunc(shape, space, ts, t);
                PrintFields("unpad_tiling_" + name + "_" + std::to_string(space), t);
            }
        }
    }
}
