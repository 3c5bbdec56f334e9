// The FIX pipe's conversions and registers (sim/fixpipe.h).
#include "sim/fixpipe.h"

#include <cmath>
#include <cstring>
#include <iterator>

#include "ascendc_sim/platform/soc_cube.h"

namespace ascendc_sim {
namespace {

// quantPre by L0C type and destination type (CheckCommonFixpipeParam and the GM / C1 type lists of CANN 8.1.RC1
// dav_c220 kernel_operator_fixpipe_v2_impl.h:75-93, 107, 119). uint8_t destinations take the int8_t rows.
struct QuantRow {
    QuantMode_t mode;
    DataType in, out;
};
constexpr QuantRow kQuantRows[] = {
    {NoQuant, DataType::kFloat, DataType::kFloat},    {NoQuant, DataType::kInt32, DataType::kInt32},
    {F322F16, DataType::kFloat, DataType::kFloat16},  {F322BF16, DataType::kFloat, DataType::kBf16},
    {QF322B8_PRE, DataType::kFloat, DataType::kInt8}, {VQF322B8_PRE, DataType::kFloat, DataType::kInt8},
    {DEQF16, DataType::kInt32, DataType::kFloat16},   {VDEQF16, DataType::kInt32, DataType::kFloat16},
    {REQ8, DataType::kInt32, DataType::kInt8},        {VREQ8, DataType::kInt32, DataType::kInt8},
};
constexpr QuantMode_t kVectorModes[] = {VDEQF16, VQF322B8_PRE, VREQ8};

// A quantisation word: the scale is the float whose bits [31:13] the word holds ("bits[31:13] is deq value of
// fp32", kernel_operator_fixpipe_v2_impl.h:225); bit 46 says a b8 result is signed. Bits [35:32] (shift), 36 (mode)
// and [45:37] (offset), laid out as asc-devkit's data_copy_l0c2gm/scripts/gen_data.py decodes them, are not
// modeled and must be 0.
struct QuantWord {
    float scale;
    bool signedB8;
};
constexpr uint64_t kQuantUnmodeledBits = 0x3FFFull << 32;  // [45:32]

QuantWord DecodeQuantWord(const char* api, uint64_t w) {
    if (w & kQuantUnmodeledBits) {
        Fail(api, Str("quantisation word 0x", std::hex, w, std::dec,
                      " sets its shift / mode / offset bits [45:32], which the twin does not model"));
    }
    const uint32_t bits = static_cast<uint32_t>(w) & 0xFFFFE000u;
    float scale;
    std::memcpy(&scale, &bits, 4);
    return {scale, ((w >> 46) & 1) != 0};
}

// Round to nearest even and saturate to the b8 range the word's sign bit names (gen_data.py's qf322b8_pre /
// req8_pre: saturation of np.round).
uint8_t SaturateB8(float v, bool signedB8) {
    const float lo = signedB8 ? -128.0f : 0.0f, hi = signedB8 ? 127.0f : 255.0f;
    if (std::isnan(v)) return 0;
    const float r = std::nearbyint(std::fmin(std::fmax(v, lo), hi));
    return signedB8 ? static_cast<uint8_t>(static_cast<int8_t>(r)) : static_cast<uint8_t>(r);
}

}  // namespace

bool IsVectorQuant(QuantMode_t mode) {
    for (QuantMode_t m : kVectorModes) {
        if (m == mode) return true;
    }
    return false;
}

void CheckQuantMode(const char* api, QuantMode_t mode, DataType in, DataType out) {
    const DataType want = out == DataType::kUint8 ? DataType::kInt8 : out;
    std::string ok;
    for (const QuantRow& r : kQuantRows) {
        if (r.in != in || r.out != want) continue;
        if (r.mode == mode) return;
        ok += Str(ok.empty() ? "" : " or ", int(r.mode));
    }
    Fail(api,
         Str("quantPre ", int(mode), " does not convert ", DataTypeName(in), " to ", DataTypeName(out),
             ok.empty() ? std::string(" (no quantPre does on dav_c220)") : Str(" (supported: quantPre ", ok, ")")));
}

// Fixpipe.md: relu (reluEn) before the conversion; F322F16 / F322BF16 round to nearest even; DEQF16 scales the
// int32 and saturates to half, QF322B8_PRE / REQ8 scale, round to nearest even and saturate to b8 (gen_data.py of
// asc-devkit's data_copy_l0c2gm: deqf16, qf322b8_pre, req8_pre).
void FixpipeConvert(const char* api, QuantMode_t mode, bool relu, uint64_t word, DataType in, DataType out,
                    const uint8_t* src, uint8_t* dst) {
    if (in == DataType::kInt32 && out == DataType::kInt32) {
        int32_t v;
        std::memcpy(&v, src, 4);
        if (relu && v < 0) v = 0;
        std::memcpy(dst, &v, 4);
        return;
    }
    float v;
    if (in == DataType::kInt32) {
        int32_t iv;
        std::memcpy(&iv, src, 4);
        v = static_cast<float>(iv);
    } else {
        std::memcpy(&v, src, 4);
    }
    if (relu && v < 0) v = 0.0f;  // relu keeps NaN (a NaN is not below 0)
    switch (mode) {
        case NoQuant:
            std::memcpy(dst, &v, 4);
            return;
        case F322F16:
        case F322BF16: {
            const uint16_t bits = mode == F322BF16 ? FloatToBf16Bits(v) : FloatToHalfBits(v);
            std::memcpy(dst, &bits, 2);
            return;
        }
        case DEQF16:
        case VDEQF16: {
            constexpr float kHalfMax = 65504.0f;
            const float s = v * DecodeQuantWord(api, word).scale;
            const uint16_t bits = FloatToHalfBits(std::fmin(std::fmax(s, -kHalfMax), kHalfMax));
            std::memcpy(dst, &bits, 2);
            return;
        }
        default: {  // QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8
            const QuantWord q = DecodeQuantWord(api, word);
            *dst = SaturateB8(v * q.scale, q.signedB8);
            return;
        }
    }
}

void SetQuantPreRegister(uint64_t word) {
    CoreContext& c = Core();
    Poll(c);
    c.cube.quantPre = word;
    c.cube.quantPreSet = true;
}

void SetNdParaRegister(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride) {
    CoreContext& c = Core();
    Poll(c);
    if (srcNdStride > 512) Fail("SetFixpipeNz2ndFlag", Str("srcNdStride ", srcNdStride, " outside [0, 512]"));
    c.cube.ndPara = uint64_t{ndNum} | uint64_t{srcNdStride} << 16 | uint64_t{dstNdStride} << 32;
    c.cube.ndParaSet = true;
}

void SetFpcRegister(const char* api, int8_t cubeBuffer, uint64_t offset, bool unitFlagReset) {
    CoreContext& c = Core();
    (void)api;
    (void)unitFlagReset;  // clears L0C's unit flags, which the twin keeps none of
    if (cubeBuffer == static_cast<int8_t>(CubeBuffer::kFb)) c.cube.fpcQuantOffset = static_cast<int64_t>(offset);
}

// DataCopy CO1 -> GM / C1 (DataCopy随路量化激活搬运.md): nz2ndEn reads the ND split of SetFixpipeNz2ndFlag, a scalar
// quantPre the word of SetFixpipePreQuantFlag; reading a register no API set reads an unknown value.
AscendC::FixpipeParamsV220 Co12Params(const char* api, const AscendC::DataCopyCO12DstParams& p) {
    CoreContext& c = Core();
    if (p.channelSplit || p.clipReluPre != 0 || p.eltWiseOp != 0) {
        Fail(api, "DataCopyCO12DstParams channelSplit, clipReluPre and eltWiseOp are not modeled");
    }
    if (p.reluPre > 1) Fail(api, Str("reluPre ", int(p.reluPre), " (a scalar / vector leaky relu) is not modeled"));
    AscendC::FixpipeParamsV220 f(p.nSize, p.mSize, p.srcStride, p.dstStride, p.reluPre == 1);
    f.quantPre = p.quantPre;
    f.unitFlag = p.unitFlag;
    if (p.nz2ndEn) {
        if (!c.cube.ndParaSet) Fail(api, "nz2ndEn reads the ND split no SetFixpipeNz2ndFlag set on this core");
        f.ndNum = static_cast<uint16_t>(c.cube.ndPara);
        f.srcNdStride = static_cast<uint16_t>(c.cube.ndPara >> 16);
        f.dstNdStride = static_cast<uint16_t>(c.cube.ndPara >> 32);
    }
    const bool scalar = p.quantPre == DEQF16 || p.quantPre == QF322B8_PRE || p.quantPre == REQ8;
    if (scalar && !c.cube.quantPreSet) {
        Fail(api, Str("quantPre ", int(p.quantPre), " reads the word no SetFixpipePreQuantFlag set on this core"));
    }
    f.deqScalar = c.cube.quantPre;
    return f;
}

CubeOperand FpcQuantWords(const char* api, uint64_t columns) {
    CoreContext& c = Core();
    if (c.cube.fpcQuantOffset < 0) {
        Fail(api, "a vector quantPre reads the FB words no SetFixPipeConfig(C2PIPE2GM tensor) pointed to on this core");
    }
    const SocCubeInfo* cube = FindSocCubeInfo(Soc(c).version);
    const uint64_t at = static_cast<uint64_t>(c.cube.fpcQuantOffset), bytes = columns * 8;
    if (cube == nullptr || at + bytes > cube->fixpipeBytes) {
        Fail(api, Str("the quantisation words FB [", at, ", ", at + bytes, ") pass the ",
                      cube != nullptr ? cube->fixpipeBytes : 0, "-byte FB of ", Soc(c).name));
    }
    std::vector<uint8_t>& fb = c.cube.bytes[static_cast<int>(CubeBuffer::kFb)];
    if (fb.empty()) fb.assign(cube->fixpipeBytes, 0);
    return {fb.data() + at, CubeBuffer::kFb, at};
}

}  // namespace ascendc_sim
