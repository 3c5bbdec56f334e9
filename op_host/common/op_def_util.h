// What every OpDef shares: the AI Core config per SoC, naming the kernel file and entry. Compiled only with the CANN
// toolkit; not built or run in this repository's CI.
#pragma once
#include <cstddef>
#include <initializer_list>
#include <utility>

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
        // The values OpAICoreConfig(const char* soc) sets (asc-devkit docs Utils-API/原型注册与管理/OpAICoreConfig/
        // OpAICoreConfig构造函数.md); 8.1.RC1 has only the default constructor, which leaves them unset.
        ops::OpAICoreConfig config;
        config.DynamicCompileStaticFlag(true)
            .DynamicFormatFlag(true)
            .DynamicRankSupportFlag(true)
            .DynamicShapeSupportFlag(true)
            .NeedCheckSupportFlag(false)
            .PrecisionReduceFlag(true);
        config.ExtendCfgInfo("opFile.value", kernel).ExtendCfgInfo("opInterface.value", entry ? entry : kernel);
        def.AICore().AddConfig(soc, config);
    }
}

// Data-type inference (OpDef::SetInferDataType): each listed output takes the data type of an input, given as
// (output index, input index) pairs.
inline ge::graphStatus OutputsFollowInputs(gert::InferDataTypeContext* context,
                                           std::initializer_list<std::pair<size_t, size_t>> outOfIn) {
    for (const auto& [out, in] : outOfIn) {
        if (context->SetOutputDataType(out, context->GetInputDataType(in)) != ge::GRAPH_SUCCESS) {
            return ge::GRAPH_FAILED;
        }
    }
    return ge::GRAPH_SUCCESS;
}

}  // namespace ascendops::npu
