// STAND-IN (scripts/cann_check): platform/soc_spec.h, which asc-devkit's tiling/platform/platform_ascendc.h
// includes and no public repository ships. platform_ascendc.h itself declares everything the project uses
// (PlatformAscendC, SocVersion, CoreMemType); this header only has to exist.
#pragma once
