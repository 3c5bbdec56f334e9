// CANN's device printf header (asc-devkit include/utils/debug/asc_printf.h): a kernel calls `printf` unqualified and
// the device's printf formats it. On the twin that is AscendC::printf (sim/debug_print.h), brought to global scope
// as CANN brings its device printf; a call of the format alone resolves to the C library's, which prints the same.
#pragma once
#include <cstdio>

#include "sim/debug_print.h"

using AscendC::printf;
