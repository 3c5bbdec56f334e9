// AscendC::DataFormat, the layout tag advanced APIs take (asc-devkit include/basic_api/kernel_struct_data_copy.h:
// the 8.1.RC1 values and the 3-D formats after them).
#pragma once
#include <cstdint>

namespace AscendC {
enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC, NCDHW, NDC1HWC0, FRACTAL_Z_3D };
}  // namespace AscendC
