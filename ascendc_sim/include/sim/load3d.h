// LoadData 3D v2 on the twin (LoadData_3D.md, 卷积数据搬运): image to column of an NC1HWC0 feature map in L1
// (A1/B1) into L0A (Zz) or L0B (Zn), on MTE1; with the registers it reads (SetFmatrix, SetLoadDataPaddingValue).
// Modeled: A2/A3 AIC cores, b8 (L0A, not transposed), b16 and b32; channelSize a multiple of C0 (32 bytes), whole
// 16-row fractals; anything else fails naming the parameter.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sim/context.h"
#include "sim/cube_ops.h"
#include "sim/tensor.h"

namespace AscendC {

// kernel_struct_mm.h: the feature map's four pads (left, right, top, bottom).
inline constexpr uint8_t PAD_SIZE = 4;

// LoadData_3D.md 表4, with kernel_struct_mm.h's defaults and constructors.
template <typename T>
struct LoadData3DParamsV2 {
    LoadData3DParamsV2() = default;
    LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], uint16_t l1HIn, uint16_t l1WIn, uint16_t channelSizeIn,
                       uint16_t kExtensionIn, uint16_t mExtensionIn, uint16_t kStartPtIn, uint16_t mStartPtIn,
                       uint8_t strideWIn, uint8_t strideHIn, uint8_t filterWIn, uint8_t filterHIn,
                       uint8_t dilationFilterWIn, uint8_t dilationFilterHIn, bool enTransposeIn, bool enSmallKIn,
                       T padValueIn, bool filterSizeWIn = false, bool filterSizeHIn = false, bool fMatrixCtrlIn = false)
        : l1H(l1HIn),
          l1W(l1WIn),
          channelSize(channelSizeIn),
          kExtension(kExtensionIn),
          mExtension(mExtensionIn),
          kStartPt(kStartPtIn),
          mStartPt(mStartPtIn),
          strideW(strideWIn),
          strideH(strideHIn),
          filterW(filterWIn),
          filterH(filterHIn),
          dilationFilterW(dilationFilterWIn),
          dilationFilterH(dilationFilterHIn),
          enTranspose(enTransposeIn),
          enSmallK(enSmallKIn),
          padValue(padValueIn),
          filterSizeW(filterSizeWIn),
          filterSizeH(filterSizeHIn),
          fMatrixCtrl(fMatrixCtrlIn) {
        for (int i = 0; i < PAD_SIZE; ++i) padList[i] = padListIn[i];
    }

    uint8_t padList[PAD_SIZE] = {0};
    uint16_t l1H = 0;
    uint16_t l1W = 0;
    uint16_t channelSize = 0;
    uint16_t kExtension = 0;
    uint16_t mExtension = 0;
    uint16_t kStartPt = 0;
    uint16_t mStartPt = 0;
    uint8_t strideW = 1;
    uint8_t strideH = 1;
    uint8_t filterW = 1;
    uint8_t filterH = 1;
    uint8_t dilationFilterW = 1;
    uint8_t dilationFilterH = 1;
    bool enTranspose = false;
    bool enSmallK = false;
    T padValue = T{};
    bool filterSizeW = false;
    bool filterSizeH = false;
    bool fMatrixCtrl = false;
};

// Whether LoadData sets the feature-map and pad registers from its parameters (true) or reads what SetFmatrix /
// SetLoadDataPaddingValue left there (false).
struct IsResetLoad3dConfig {
    bool isSetFMatrix = true;
    bool isSetPadding = true;
};
inline constexpr IsResetLoad3dConfig IS_RESER_LOAD3D_DEFAULT_CONFIG = {true, true};

enum class FmatrixMode : uint8_t { FMATRIX_LEFT = 0, FMATRIX_RIGHT = 1 };

}  // namespace AscendC

namespace ascendc_sim {

// One LoadData 3D v2 as the twin runs it: the parameters with the registers resolved.
struct Load3dCall {
    Fmatrix fm;  // l1H, l1W, pads
    uint32_t padBits = 0;
    uint32_t elemBytes = 0;
    uint32_t channelSize = 0, kExtension = 0, mExtension = 0, kStartPt = 0, mStartPt = 0;
    uint32_t strideW = 1, strideH = 1, filterW = 1, filterH = 1, dilationW = 1, dilationH = 1;
    bool transpose = false;  // whole matrix transposed into L0A
    bool toL0b = false;
};
// The bytes the move reads from the source tensor's start and writes from the destination's (checked first).
uint64_t Load3dSrcBytes(const char* api, const Load3dCall& call);
uint64_t Load3dDstBytes(const Load3dCall& call);
void Load3d(const char* api, const CubeOperand& dst, const CubeOperand& src, const Load3dCall& call);
// Registers of this core; fails when one is read before anything set it.
Fmatrix ReadFmatrix(const char* api, bool right);
uint32_t ReadPadValue(const char* api);

template <typename T>
uint32_t PadBits(T v) {
    uint32_t bits = 0;
    std::memcpy(&bits, &v, sizeof(T));
    return bits;
}

}  // namespace ascendc_sim

namespace AscendC {

// LoadData_3D.md, Load3Dv2 接口: A1 -> A2 (Zz; enTranspose transposes the whole matrix, b16 / b32) or B1 -> B2 (Zn,
// always transposed; b16 / b32). A zero l1H, l1W, channelSize, kExtension or mExtension, or a zero filter size, is
// a NOP.
template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG, typename U = T>
__aicore__ inline void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2<U>& p,
                                ascendc_sim::CallSite = {}) {
    static_assert(std::is_same_v<T, U>, "LoadData3DParamsV2<U>: U must be the tensors' element type");
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "LoadData 3D v2 moves b8, b16 or b32 data");
    const char* api = "LoadData";
    auto& core = ascendc_sim::Core();
    ascendc_sim::Poll(core);
    ascendc_sim::Load3dCall call;
    if (defaultConfig.isSetFMatrix) {
        if (p.fMatrixCtrl) ascendc_sim::Fail(api, "fMatrixCtrl = true (the right feature map) is not supported");
        call.fm.set = true;
        call.fm.l1H = p.l1H;
        call.fm.l1W = p.l1W;
        for (int i = 0; i < PAD_SIZE; ++i) call.fm.pad[i] = p.padList[i];
        core.load3d.fmatrix[0] = call.fm;  // the instruction sets the left register it reads
    } else {
        call.fm = ascendc_sim::ReadFmatrix(api, p.fMatrixCtrl);
    }
    if (defaultConfig.isSetPadding) {
        call.padBits = ascendc_sim::PadBits(p.padValue);
        core.load3d.padSet = true;
        core.load3d.padBits = call.padBits;
    } else {
        call.padBits = ascendc_sim::ReadPadValue(api);
    }
    const uint32_t filterW = p.filterW + (p.filterSizeW ? 256u : 0u), filterH = p.filterH + (p.filterSizeH ? 256u : 0u);
    if (call.fm.l1H == 0 || call.fm.l1W == 0 || p.channelSize == 0 || p.kExtension == 0 || p.mExtension == 0 ||
        filterW == 0 || filterH == 0)
        return;  // documented NOP
    if (p.enSmallK) ascendc_sim::Fail(api, "enSmallK is no longer supported (LoadData_3D.md)");
    call.elemBytes = sizeof(T);
    call.channelSize = p.channelSize;
    call.kExtension = p.kExtension;
    call.mExtension = p.mExtension;
    call.kStartPt = p.kStartPt;
    call.mStartPt = p.mStartPt;
    call.strideW = p.strideW;
    call.strideH = p.strideH;
    call.filterW = filterW;
    call.filterH = filterH;
    call.dilationW = p.dilationFilterW;
    call.dilationH = p.dilationFilterH;
    using ascendc_sim::BufferBit;
    using ascendc_sim::CubeBuffer;
    const ascendc_sim::BufferSlot* slot = dst.Slot();
    call.toL0b = slot != nullptr && slot->cubeBuffer == static_cast<int8_t>(CubeBuffer::kL0B);
    call.transpose = call.toL0b || p.enTranspose;  // L0B: always transposed, enTranspose has no effect
    auto d = ascendc_sim::CubeTensor(api, "dst", dst, ascendc_sim::Load3dDstBytes(call),
                                     BufferBit(CubeBuffer::kL0A) | BufferBit(CubeBuffer::kL0B), 512);
    auto s = ascendc_sim::CubeTensor(api, "src", src, ascendc_sim::Load3dSrcBytes(api, call),
                                     BufferBit(CubeBuffer::kL1), 32);
    ascendc_sim::Load3d(api, d, s, call);
}

// SetFmatrix.md: the feature map's height, width and pads for the LoadData 3D calls that do not set them.
__aicore__ inline void SetFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[PAD_SIZE], const FmatrixMode& mode,
                                  ascendc_sim::CallSite = {}) {
    auto& core = ascendc_sim::Core();
    ascendc_sim::Poll(core);
    ascendc_sim::Fmatrix& f = core.load3d.fmatrix[mode == FmatrixMode::FMATRIX_RIGHT ? 1 : 0];
    f.set = true;
    f.l1H = l1H;
    f.l1W = l1W;
    for (int i = 0; i < PAD_SIZE; ++i) f.pad[i] = padList[i];
}

// SetLoadDataPaddingValue.md: the value padded positions take, for the LoadData 3D calls that do not set it.
template <typename T>
__aicore__ inline void SetLoadDataPaddingValue(const T padValue, ascendc_sim::CallSite = {}) {
    static_assert(sizeof(T) <= 4, "SetLoadDataPaddingValue: a b8, b16 or b32 value");
    auto& core = ascendc_sim::Core();
    ascendc_sim::Poll(core);
    core.load3d.padSet = true;
    core.load3d.padBits = ascendc_sim::PadBits(padValue);
}

}  // namespace AscendC
