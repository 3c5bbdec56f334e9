// The oracle's platform: asc-devkit's own (utils/tiling/platform), under the path CANN installs it at, which the
// open tiling headers include (adv_api/pad/pad_tiling.h); oracle_stubs.cpp makes it dav-2201.
#pragma once
#include "utils/tiling/platform/platform_ascendc.h"
