#include "sim/matmul_static.h"

#include "sim/context.h"

namespace ascendc_sim {
namespace {

struct StaticField {
    const char* name;
    int32_t CubeTiling::*tiling;
    int32_t MatmulConstants::*constant;
};
// The TCubeTiling fields a constant tiling may fix (Matmul模板参数.md 表1), each with its constant.
constexpr StaticField kStaticFields[] = {
    {"singleCoreM", &CubeTiling::singleCoreM, &MatmulConstants::singleM},
    {"singleCoreN", &CubeTiling::singleCoreN, &MatmulConstants::singleN},
    {"singleCoreK", &CubeTiling::singleCoreK, &MatmulConstants::singleK},
    {"baseM", &CubeTiling::baseM, &MatmulConstants::baseM},
    {"baseN", &CubeTiling::baseN, &MatmulConstants::baseN},
    {"baseK", &CubeTiling::baseK, &MatmulConstants::baseK},
    {"depthA1", &CubeTiling::depthA1, &MatmulConstants::depthA1},
    {"depthB1", &CubeTiling::depthB1, &MatmulConstants::depthB1},
    {"stepM", &CubeTiling::stepM, &MatmulConstants::stepM},
    {"stepN", &CubeTiling::stepN, &MatmulConstants::stepN},
    {"stepKa", &CubeTiling::stepKa, &MatmulConstants::stepKa},
    {"stepKb", &CubeTiling::stepKb, &MatmulConstants::stepKb},
    {"iterateOrder", &CubeTiling::iterateOrder, &MatmulConstants::iterateOrder},
    {"dbL0A", &CubeTiling::dbL0A, &MatmulConstants::dbL0A},
    {"dbL0B", &CubeTiling::dbL0B, &MatmulConstants::dbL0B},
    {"dbL0C", &CubeTiling::dbL0C, &MatmulConstants::dbL0C},
};

}  // namespace

void CheckConstantTiling(const char* api, const CubeTiling& t, const MatmulConstants& k) {
    for (const StaticField& f : kStaticFields) {
        const int32_t constant = k.*f.constant, value = t.*f.tiling;
        if (constant >= 0 && value != constant) {
            Fail(api, Str("TCubeTiling.", f.name, " = ", value, " differs from the constant ", constant,
                          " of the Matmul template (GetMatmulApiTiling: the constants must equal the tiling)"));
        }
    }
}

CubeTiling StaticCubeTiling(const char* api, const MatmulConstants& k, const MatmulTypes& types) {
    bool full = k.singleM > 0 && k.singleN > 0 && k.singleK > 0 && k.baseM > 0 && k.baseN > 0 && k.baseK > 0;
    if (!k.apiTiling || !full) {
        Fail(api,
             "tiling is null: only a full constant tiling (GetMatmulApiTiling of a MatmulConfig with single-core "
             "and base shapes) may stand in for it (GetMatmulApiTiling.md)");
    }
    const Platform& platform = Core().launch->cfg.platform;
    const SocCubeInfo* cube = FindSocCubeInfo(platform.soc->version);
    if (cube == nullptr || !cube->separated)
        Fail(api, Str("GetMatmulApiTiling is not supported on ", Soc(Core()).name));
    MultiCoreMatmulTiling host(platform);
    host.SetAType(types.a, types.transA);
    host.SetBType(types.b, types.transB);
    host.SetCType(types.c);
    host.SetBiasType(types.bias);
    host.SetBias(k.isBias == 1);
    host.SetDim(1);
    host.SetShape(k.singleM, k.singleN, k.singleK);
    host.SetOrgShape(k.singleM, k.singleN, k.singleK);
    host.SetBufferSpace(k.l1Size);
    host.SetFixSplit(k.baseM, k.baseN);
    CubeTiling t{};
    if (host.GetTiling(t) != 0) Fail(api, Str("constant tiling: ", host.LastError()));
    // What the kernel fixed in the struct replaces the twin's choice (the Init check then applies the docs' rules).
    for (const StaticField& f : kStaticFields) {
        if (k.*f.constant >= 0) t.*f.tiling = k.*f.constant;
    }
    return t;
}

}  // namespace ascendc_sim
