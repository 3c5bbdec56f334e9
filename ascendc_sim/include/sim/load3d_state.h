// The registers LoadData 3D v2 reads besides its parameters (LoadData_3D.md, "Feature Map、Pad属性描述寄存器设置"): the
// left and right feature-map descriptions (SetFmatrix) and the pad value (SetLoadDataPaddingValue), per core.
#pragma once
#include <cstdint>

namespace ascendc_sim {

struct Fmatrix {
    bool set = false;  // no SetFmatrix (nor a LoadData that sets it) yet on this core
    uint16_t l1H = 0, l1W = 0;
    uint8_t pad[4] = {};  // left, right, top, bottom
};

struct Load3dRegs {
    Fmatrix fmatrix[2];  // FmatrixMode: left, right
    bool padSet = false;
    uint32_t padBits = 0;  // the pad value's bits, in the low bytes
};

}  // namespace ascendc_sim
