// The ways nd2nz_matmul moves A and B (tests/ut/sim/test_cube_api.py passes the number).
#pragma once
#include <cstdint>

enum Nd2NzMatmulMode : int32_t {
    kWhole,         // A as one ND matrix
    kSlabs,         // A as m / 16 ND matrices of 16 rows (ndNum, srcNdMatrixStride, dstNzMatrixStride)
    kZeroNStride,   // dstNzNStride 0: refused
    kIntoL0A,       // an ND2NZ copy into L0A: refused (GM -> L1 only)
    kTransposeApi,  // B to L0B through LoadDataWithTranspose instead of LoadData's ifTranspose
    kShortB,        // B's last row never copied: Mmad reads it, Fixpipe must refuse to store what it fed
    kNzOut,         // C to GM in NZ fractals (CFG_NZ), m and n whole fractals
    kRelu,          // Fixpipe with reluEn
    kBias,          // C starts from a bias row: GM -> L1 (C1, ND2NZ) -> BT (C2), Mmad's bias overload
    kTransposeL0A,  // A to L0A through LoadDataWithTranspose: refused on ascend950 (dav_3510 has no such load)
    kL1Out,         // C to L1 (C1) in NZ by Fixpipe, then DataCopy L1 -> GM
    kL0AOut,        // Fixpipe into L0A: refused (CO1 -> GM or C1 only)
    kQuantB8,       // Fixpipe QF322B8_PRE: C x 1.5 rounded and saturated to int8 (the first m x n bytes of C's file)
    kCo12Nd,        // DataCopy CO1 -> GM with DataCopyCO12DstParams, nz2ndEn after SetFixpipeNz2ndFlag
    kCo12NoNdPara,  // the same without SetFixpipeNz2ndFlag: refused (the register was never set)
};
