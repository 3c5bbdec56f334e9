// The register-based vector API of dav-3510 (AscendC::Reg, also spelled AscendC::MicroAPI): the whole of it.
#pragma once
#include "sim/reg/reg_arith.h"
#include "sim/reg/reg_cast.h"
#include "sim/reg/reg_cmpsel.h"
#include "sim/reg/reg_histograms.h"
#include "sim/reg/reg_mask.h"
#include "sim/reg/reg_memory.h"
#include "sim/reg/reg_reduce.h"
#include "sim/reg/reg_relayout.h"
#include "sim/reg/reg_types.h"
#include "sim/reg/reg_vf.h"
