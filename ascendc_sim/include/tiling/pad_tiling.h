// Pad's and UnPad's host tiling (CANN's tiling/tiling_api.h: GetPadMaxMinTmpSize, PadTilingFunc,
// GetUnPadMaxMinTmpSize, UnPadTilingFunc), the rules of asc-devkit impl/adv_api/tiling/pad/pad_tiling_impl.cpp in
// its uint32_t arithmetic: the temporary buffer holds two halves of 16-block units (for the NCHW conversion's 16
// address lists); rows go in passes of 255 repeats. UnPad needs no buffer on dav-2201. A bad argument throws
// std::invalid_argument naming the function and the parameter.
#pragma once
#include <cstdint>
#include <string>

#include "graph/tensor.h"
#include "kernel_tiling/kernel_tiling.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tmp_size_rules.h"

namespace optiling {
#define ASCENDC_SIM_HOST_TILING_FIELD(name) TILING_DATA_FIELD_DEF(uint32_t, name);
BEGIN_TILING_DATA_DEF(PadTiling)
ASCENDC_SIM_PAD_TILING_FIELDS(ASCENDC_SIM_HOST_TILING_FIELD)
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(UnPadTiling)
ASCENDC_SIM_UNPAD_TILING_FIELDS(ASCENDC_SIM_HOST_TILING_FIELD)
END_TILING_DATA_DEF;
#undef ASCENDC_SIM_HOST_TILING_FIELD
}  // namespace optiling

namespace ascendc_sim::tiling {

constexpr uint32_t kPadAddrLists = 16;  // PAD_NCHW_CONV_ADDR_LIST_SIZE
constexpr uint32_t kPadMaxRepeats = 255;
constexpr uint32_t kPadBrcbRepeats = 254;  // 255 x 8 elements is not 32-byte aligned

struct PadShape {
    uint32_t height;
    uint32_t width;
};

inline PadShape PadRows(const char* api, const ge::Shape& shape, uint32_t typeSize, const char* what = "srcShape") {
    RequireTypeSize(api, typeSize, {2, 4});
    if (shape.GetDimNum() != 2)
        Refuse(api, std::string(what) + " has " + std::to_string(shape.GetDimNum()) + " dims: must be 2");
    return {static_cast<uint32_t>(shape.GetDim(0)), static_cast<uint32_t>(shape.GetDim(1))};
}

// two halves of 16-block units per element of the source, one unit at least
inline TmpRange PadRange(const PadShape& s, uint32_t typeSize) {
    const uint32_t unitBytes = kPadAddrLists * (32 / typeSize) * 2 * typeSize;
    return {unitBytes, ((s.height * s.width - 1) / kPadAddrLists + 1) * unitBytes};
}

// blocks of 16 x 32 bytes each half of the temporary buffer holds; CANN's tiling divides by what it gives
inline uint32_t PadHalfBlocks(const char* api, uint32_t stackBufferSize, uint32_t typeSize) {
    const uint32_t blocks = stackBufferSize / typeSize / (kPadAddrLists * 32 / typeSize) / 2;
    if (blocks == 0)
        Refuse(api, "stackBufferSize " + std::to_string(stackBufferSize) + " is below the " +
                        std::to_string(2 * kPadAddrLists * 32) + " bytes of one unit (GetPadMaxMinTmpSize's minimum)");
    return blocks;
}

}  // namespace ascendc_sim::tiling

namespace AscendC {

inline void GetPadMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                uint32_t& minValue) {
    const auto r = ascendc_sim::tiling::PadRange(
        ascendc_sim::tiling::PadRows("GetPadMaxMinTmpSize", srcShape, typeSize), typeSize);
    maxValue = r.max;
    minValue = r.min;
}

inline void PadTilingFunc(const TensorShape srcShape, const TensorShape oriSrcShape, const uint32_t stackBufferSize,
                          const uint32_t typeSize, optiling::PadTiling& tiling) {
    namespace t = ascendc_sim::tiling;
    const char* api = "PadTilingFunc";
    const t::PadShape s = t::PadRows(api, srcShape, typeSize);
    const t::PadShape ori = t::PadRows(api, oriSrcShape, typeSize, "oriSrcShape");
    if (oriSrcShape.GetShapeSize() > srcShape.GetShapeSize())
        t::Refuse(api, "oriSrcShape has more elements than srcShape");
    const uint32_t perBlock = 32 / typeSize;
    tiling.set_srcHeight(s.height);
    tiling.set_srcWidth(s.width);
    tiling.set_srcOriWidth(ori.width);
    const uint32_t widthWithoutLastBlock = s.width - perBlock;
    const uint32_t heightFractal = s.height / t::kPadMaxRepeats;
    tiling.set_widthWithoutLastBlock(widthWithoutLastBlock);
    tiling.set_blocksPerRow(s.width * typeSize / 32);
    tiling.set_heightTiling(t::kPadMaxRepeats);
    tiling.set_heightFractal(heightFractal);
    tiling.set_heightFractalTail(s.height % t::kPadMaxRepeats);
    tiling.set_mainLoopOffset(t::kPadMaxRepeats * s.width);
    tiling.set_tailBlockOffset(heightFractal * t::kPadMaxRepeats * s.width + widthWithoutLastBlock);
    if (stackBufferSize == 0) return;  // an aligned width needs no buffer
    const uint32_t blocks = t::PadHalfBlocks(api, stackBufferSize, typeSize);
    const uint32_t unit = t::kPadAddrLists * blocks;  // elements a pass of the buffer handles
    tiling.set_tmpBuffer1RowNum(unit);
    tiling.set_tmpBuffer1BlockNum(blocks);
    tiling.set_tmpBuffer2Offset(blocks * (t::kPadAddrLists * 32 / typeSize));
    const uint32_t widthTail = s.width % unit;
    tiling.set_widthTiling(unit);
    tiling.set_widthFractal(s.width / unit);
    tiling.set_widthFractalTail(widthTail);
    tiling.set_widthFractalTailAlingned(((widthTail - 1) / perBlock + 1) * perBlock);  // uint32_t, as CANN's
    const uint32_t elements = s.height * s.width;
    const uint32_t brcbTail = elements % unit;
    tiling.set_brcbTiling(unit);
    tiling.set_brcbFractal(elements / unit);
    tiling.set_brcbFractalTail(brcbTail);
    tiling.set_maxRepeatTimes(t::kPadBrcbRepeats);
    tiling.set_brcbTilingRepeatTimes(unit / 8 / t::kPadBrcbRepeats);
    tiling.set_brcbTilingRepeatTimesTail(unit / 8 % t::kPadBrcbRepeats);
    tiling.set_brcbFractalTailRepeatTimes(brcbTail / 8 / t::kPadBrcbRepeats);
    tiling.set_brcbFractalTailRepeatTimesTail(brcbTail / 8 % t::kPadBrcbRepeats);
}
inline void PadTilingFunc(const TensorShape srcShape, const TensorShape oriSrcShape, const uint32_t stackBufferSize,
                          const uint32_t typeSize, AscendC::tiling::PadTiling& tiling) {
    optiling::PadTiling host;
    PadTilingFunc(srcShape, oriSrcShape, stackBufferSize, typeSize, host);
    host.SaveToBuffer(&tiling, sizeof(tiling));
}

// none on dav-2201 (and dav-3510); Pad's range elsewhere
inline void GetUnPadMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const TensorShape& srcShape,
                                  const uint32_t typeSize, uint32_t& maxValue, uint32_t& minValue) {
    const auto s = ascendc_sim::tiling::PadRows("GetUnPadMaxMinTmpSize", srcShape, typeSize);
    if (ascendcPlatform.GetSocVersion() == platform_ascendc::SocVersion::ASCEND910B) {
        maxValue = minValue = 0;
        return;
    }
    const auto r = ascendc_sim::tiling::PadRange(s, typeSize);
    maxValue = r.max;
    minValue = r.min;
}

inline void UnPadTilingFunc(const TensorShape srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                            optiling::UnPadTiling& tiling) {
    namespace t = ascendc_sim::tiling;
    const char* api = "UnPadTilingFunc";
    const t::PadShape s = t::PadRows(api, srcShape, typeSize);
    tiling.set_srcHeight(s.height);
    tiling.set_srcWidth(s.width);
    if (stackBufferSize == 0) return;  // dav-2201 needs no buffer
    const uint32_t blocks = t::PadHalfBlocks(api, stackBufferSize, typeSize);
    const uint32_t unit = t::kPadAddrLists * blocks;
    tiling.set_tmpBuffer1BlockNum(blocks);
    tiling.set_tmpBuffer1RowNum(unit);
    tiling.set_tmpBuffer2Offset(blocks * (t::kPadAddrLists * 32 / typeSize));
    const uint32_t tail = s.width % unit;
    tiling.set_widthTiling(unit);
    tiling.set_widthFractal(s.width / unit + (tail != 0 ? 1 : 0));
    tiling.set_widthFractalTail(tail != 0 ? tail : unit);
}
inline void UnPadTilingFunc(const TensorShape srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                            AscendC::tiling::UnPadTiling& tiling) {
    optiling::UnPadTiling host;
    UnPadTilingFunc(srcShape, stackBufferSize, typeSize, host);
    host.SaveToBuffer(&tiling, sizeof(tiling));
}

}  // namespace AscendC
