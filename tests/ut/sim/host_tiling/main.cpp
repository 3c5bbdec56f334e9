// Host code as an operator writes it for CANN's host tiling library: a tiling-data class of every field kind, the
// platform of named SoC variants, and the Matmul tiling. Prints what tests/ut/sim/test_host_tiling.py checks, one
// `key value...` line each (tiling-data bytes in hex).
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(InnerTiling)
TILING_DATA_FIELD_DEF(uint16_t, tag);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(MixedTiling)
TILING_DATA_FIELD_DEF(uint8_t, flag);
TILING_DATA_FIELD_DEF(uint32_t, length);
TILING_DATA_FIELD_DEF_ARR(int16_t, 3, offsets);
TILING_DATA_FIELD_DEF_STRUCT(InnerTiling, inner);
TILING_DATA_FIELD_DEF(int64_t, total);
TILING_DATA_FIELD_DEF(uint16_t, last);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(MixedOp, MixedTiling)
}  // namespace optiling

namespace {

void PrintBytes(const char* key, const std::vector<unsigned char>& bytes) {
    std::printf("%s ", key);
    for (unsigned char b : bytes) std::printf("%02x", b);
    std::printf("\n");
}

void TilingData() {
    optiling::MixedTiling t;
    t.set_flag(7);
    t.set_length(0x01020304u);
    const int16_t offsets[3] = {-1, 2, 300};
    t.set_offsets(offsets);
    t.inner.set_tag(0xBEEF);
    t.set_total(-5);
    t.set_last(9);
    std::vector<unsigned char> buf(t.GetDataSize());
    t.SaveToBuffer(buf.data(), buf.size());
    PrintBytes("mixed", buf);
    optiling::MixedTiling copy = t;  // a copy saves the same image (its nested struct included)
    std::vector<unsigned char> again(copy.GetDataSize());
    copy.SaveToBuffer(again.data(), again.size());
    PrintBytes("mixed_copy", again);
    std::printf("get %u %u %d %d %lld %s\n", t.get_flag(), t.get_length(), t.get_offsets()[2], t.inner.get_tag(),
                static_cast<long long>(t.get_total()), t.GetTilingClassName());
    auto made = optiling::CTilingDataClassFactory::GetInstance().CreateTilingDataInstance("MixedOp");
    std::printf("registered %zu %d\n", made ? made->GetDataSize() : 0,
                optiling::CTilingDataClassFactory::GetInstance().CreateTilingDataInstance("NoSuchOp") == nullptr);
    try {
        unsigned char small[8];
        t.SaveToBuffer(small, sizeof(small));
        std::printf("small_capacity accepted\n");
    } catch (const std::length_error& e) {
        std::printf("small_capacity %s\n", e.what());
    }
}

void Platform(const char* name) {
    platform_ascendc::PlatformAscendC* p = platform_ascendc::PlatformAscendCManager::GetInstance(name);
    if (p == nullptr) {
        std::printf("platform %s none\n", name);
        return;
    }
    uint64_t ub = 0, l1 = 0, l0a = 0, l0c = 0;
    p->GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    p->GetCoreMemSize(platform_ascendc::CoreMemType::L1, l1);
    p->GetCoreMemSize(platform_ascendc::CoreMemType::L0_A, l0a);
    p->GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, l0c);
    std::printf("platform %s %u %u %u %u %d %llu %llu %llu %llu %u\n", name, p->GetCoreNum(), p->GetCoreNumAic(),
                p->GetCoreNumAiv(), p->GetCoreNumVector(), static_cast<int>(p->GetSocVersion()),
                static_cast<unsigned long long>(ub), static_cast<unsigned long long>(l1),
                static_cast<unsigned long long>(l0a), static_cast<unsigned long long>(l0c),
                p->GetLibApiWorkSpaceSize());
    std::printf("blockdim %u %u %u %u\n", p->CalcTschBlockDim(40, 20, 40), p->CalcTschBlockDim(41, 24, 48),
                p->CalcTschBlockDim(40, 0, 40), p->CalcTschBlockDim(40, 20, 0));
}

void Matmul(const char* name) {
    using namespace matmul_tiling;
    platform_ascendc::PlatformAscendC* p = platform_ascendc::PlatformAscendCManager::GetInstance(name);
    MultiCoreMatmulTiling api(*p);
    api.SetDim(static_cast<int32_t>(p->GetCoreNumAic()));
    api.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    api.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    api.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    api.SetBiasType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    api.SetOrgShape(512, 1024, 256);
    api.SetShape(512, 1024, 256);
    api.EnableBias(true);
    api.SetBufferSpace(-1, -1, -1);
    optiling::TCubeTiling data;
    TCubeTiling plain{};
    const long long r1 = api.GetTiling(data);
    const long long r2 = api.GetTiling(plain);
    std::vector<unsigned char> image(data.GetDataSize());
    data.SaveToBuffer(image.data(), image.size());
    const bool same = image.size() >= sizeof(plain) && std::memcmp(image.data(), &plain, sizeof(plain)) == 0;
    std::printf("matmul %lld %lld %d %zu %d %d %d %d %d %d %d %d %d %d\n", r1, r2, same, data.GetDataSize(),
                data.get_usedCoreNum(), data.get_M(), data.get_N(), data.get_Ka(), data.get_singleCoreM(),
                data.get_singleCoreN(), data.get_singleCoreK(), data.get_baseM(), data.get_baseN(), data.get_isBias());
    MatmulApiTiling tscm(*p);
    tscm.SetAType(TPosition::TSCM, CubeFormat::NZ, DataType::DT_FLOAT16);
    tscm.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    tscm.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    tscm.SetShape(64, 64, 64);
    tscm.SetOrgShape(64, 64, 64);
    std::printf("tscm %lld\n", static_cast<long long>(tscm.GetTiling(plain)));
}

// A half x half -> float tiling of 512 x 1024 x 256 over the AICs, with the calls `edit` makes first.
template <class Edit>
matmul_tiling::MultiCoreMatmulTiling HalfTiling(platform_ascendc::PlatformAscendC& p, Edit edit) {
    using namespace matmul_tiling;
    MultiCoreMatmulTiling api(p);
    api.SetDim(static_cast<int32_t>(p.GetCoreNumAic()));
    api.SetAType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    api.SetBType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT16);
    api.SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    api.SetOrgShape(512, 1024, 256);
    api.SetShape(512, 1024, 256);
    edit(api);
    return api;
}

// SetShape(-1, ...), GetSingleShape, SetTraverse / SetMatmulConfigParams, and the calls GetTiling refuses.
void MatmulCalls(const char* name) {
    using namespace matmul_tiling;
    platform_ascendc::PlatformAscendC& p = *platform_ascendc::PlatformAscendCManager::GetInstance(name);
    TCubeTiling t{};
    auto orgShape = HalfTiling(p, [](MultiCoreMatmulTiling& api) { api.SetShape(-1, -1, 256); });
    int32_t sm = 0, sn = 0, sk = 0;
    const int32_t before = orgShape.GetSingleShape(sm, sn, sk);
    const long long r = orgShape.GetTiling(t);
    const int32_t after = orgShape.GetSingleShape(sm, sn, sk);
    std::printf("single_shape %d %lld %d %d %d %d %d %d %d %d\n", before, r, after, sm, sn, sk, t.singleCoreM,
                t.singleCoreN, t.singleCoreK, t.M);
    auto firstM = HalfTiling(p, [](MultiCoreMatmulTiling& api) { api.SetTraverse(MatrixTraverse::FIRSTM); });
    auto firstN = HalfTiling(p, [](MultiCoreMatmulTiling& api) {
        api.SetMatmulConfigParams(1, false, ScheduleType::INNER_PRODUCT, MatrixTraverse::FIRSTN);
    });
    TCubeTiling m{}, n{};
    const long long rm = firstM.GetTiling(m), rn = firstN.GetTiling(n);
    std::printf("traverse %lld %d %lld %d\n", rm, m.iterateOrder, rn, n.iterateOrder);
    auto vecin = HalfTiling(
        p, [](MultiCoreMatmulTiling& api) { api.SetCType(TPosition::VECIN, CubeFormat::ND, DataType::DT_FLOAT); });
    auto ndAlign = HalfTiling(
        p, [](MultiCoreMatmulTiling& api) { api.SetCType(TPosition::GM, CubeFormat::ND_ALIGN, DataType::DT_FLOAT); });
    const long long rv = vecin.GetTiling(m), ra = ndAlign.GetTiling(n);
    std::printf("c_places %lld %lld\n", rv, ra);
    auto fixK = HalfTiling(p, [](MultiCoreMatmulTiling& api) { api.SetFixSplit(128, 64, 128); });
    auto oddK = HalfTiling(p, [](MultiCoreMatmulTiling& api) { api.SetFixSplit(-1, -1, 24); });
    const long long rk = fixK.GetTiling(m), rodd = oddK.GetTiling(n);
    std::printf("fix_k %lld %d %d %d %lld\n", rk, m.baseM, m.baseN, m.baseK, rodd);
    auto hf32 = HalfTiling(p, [](MultiCoreMatmulTiling& api) { api.SetMadType(MatrixMadType::HF32); });
    auto dequant = HalfTiling(p, [](MultiCoreMatmulTiling& api) { api.SetDequantType(DequantType::SCALAR); });
    auto splitK = HalfTiling(p, [](MultiCoreMatmulTiling& api) { api.EnableMultiCoreSplitK(true); });
    auto l1CacheUb = HalfTiling(p, [](MultiCoreMatmulTiling& api) { api.SetMatmulConfigParams(1, true); });
    const long long refused[] = {hf32.GetTiling(t), dequant.GetTiling(t), splitK.GetTiling(t), l1CacheUb.GetTiling(t)};
    std::printf("refused %lld %lld %lld %lld\n", refused[0], refused[1], refused[2], refused[3]);
}

// acl_base.h's float <-> aclFloat16 conversions: bits of each value and the float they read back as.
void Float16() {
    const float values[] = {0.0f, -1.5f, 65504.0f, 65520.0f, 1e-7f, 3.14159265f, -2.0e-5f, 1.0f / 3.0f};
    std::printf("float16");
    for (float v : values) std::printf(" %04x", aclFloatToFloat16(v));
    std::printf("\nfloat16_back");
    for (float v : values) std::printf(" %a", aclFloat16ToFloat(aclFloatToFloat16(v)));
    std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
    const char* name = argc > 1 ? argv[1] : "Ascend910B1";
    TilingData();
    Float16();
    Platform(name);
    if (platform_ascendc::PlatformAscendCManager::GetInstance(name) != nullptr) {
        Matmul(name);
        MatmulCalls(name);
    }
    return 0;
}
