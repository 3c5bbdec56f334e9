// What every OpDef shares: the AI Core config per SoC, naming the kernel file and entry. Compiled only with the CANN
// toolkit; not built or run in this repository's CI.
#pragma once
#include <initializer_list>

#include "register/op_def_registry.h"

namespace ascendops::npu {

// The op package derives the kernel file and entry from the OpType (AscendopsCast -> ascendops_cast, asc-devkit
// docs/zh/guide/编程指南/高级编程/Aclnn算子工程化开发/附录/命名转换规则对照表.md) unless the AI Core config names them
// (opFile.value / opInterface.value, read by asc-devkit tools/build/opbuild/op_cfg_generator.cpp). Our kernels keep
// the names the CPU twin uses (op_kernel/<kernel>/<kernel>.cpp, entry <kernel>), so every OpType names them here.
// `entry` defaults to the file's stem.
inline void AddAiCoreConfigs(ops::OpDef& def, const char* kernel, std::initializer_list<const char*> socs,
                             const char* entry = nullptr) {
    for (const char* soc : socs) {
        ops::OpAICoreConfig config;
        config.ExtendCfgInfo("opFile.value", kernel).ExtendCfgInfo("opInterface.value", entry ? entry : kernel);
        def.AICore().AddConfig(soc, config);
    }
}

}  // namespace ascendops::npu
