// STAND-IN (scripts/cann_check): the part of CANN's registration library (libregister.so) that the package's OpDefs
// call, and the op-info writer of opbuild. Our own implementation of the classes declared by the header set's
// register/op_def.h, compiled against that header; never shipped, never used on a CANN machine. It lets the check run
// msopgen's build past opbuild, whose op info (aic-<soc>-ops-info.ini) every later step of the template reads.
//
// What it records and writes follows what a real opbuild writes for an OpDef (asc-devkit tools/build/opbuild/
// op_cfg_generator.cpp, and the autogen/aic-<soc>-ops-info.ini of published msopgen projects built with CANN 8.0 /
// 8.1): one [OpType] section per SoC the OpDef configures; per parameter name, dtype, format, unknownshape_format
// (when set), shape=all, paramType, initValue (when set); attr.list and per attribute type, value=all, paramType and
// (optional ones) defaultValue; the AI Core config's items in the order they were set. Anything the package's OpDefs
// do not use is left undefined here, so a new use fails at link time instead of being written wrong.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "register/op_def_registry.h"
#include "register/tilingdata_base.h"

namespace ops {

class OpParamDefImpl {
public:
    std::string name;
    Option type = REQUIRED;
    std::vector<ge::DataType> types;
    std::vector<ge::Format> formats;
    std::vector<ge::Format> unknownShapeFormats;
    bool hasInitValue = false;
    uint64_t initValue = 0;
};

class OpAttrDefImpl {
public:
    std::string name;
    bool required = true;
    std::string cfgType;
    std::string defaultValue;
};

class OpAICoreConfigImpl {
public:
    std::vector<std::pair<std::string, std::string>> items;  // in the order set; setting a key again replaces it

    void Set(const std::string& key, const std::string& value) {
        for (auto& item : items) {
            if (item.first == key) {
                item.second = value;
                return;
            }
        }
        items.emplace_back(key, value);
    }
};

class OpAICoreDefImpl {
public:
    gert::OpImplRegisterV2::TilingKernelFunc tiling = nullptr;
    std::vector<std::pair<std::string, OpAICoreConfig>> configs;  // per SoC, in the order added
};

class OpDefImpl {
public:
    std::string type;
    std::vector<OpParamDef> inputs;
    std::vector<OpParamDef> outputs;
    std::vector<OpAttrDef> attrs;
    OpAICoreDef aicore;
    gert::OpImplRegisterV2::InferShapeKernelFunc inferShape = nullptr;
    gert::OpImplRegisterV2::InferDataTypeKernelFunc inferDataType = nullptr;
};

template <class T>
static std::unique_ptr<T> CopyOf(const std::unique_ptr<T>& p) {
    return std::make_unique<T>(*p);
}

// ---- OpParamDef
OpParamDef::OpParamDef(const char* name) : impl_(std::make_unique<OpParamDefImpl>()) { impl_->name = name; }
OpParamDef::OpParamDef(const OpParamDef& def) : impl_(CopyOf(def.impl_)) {}
OpParamDef::~OpParamDef() = default;
OpParamDef& OpParamDef::operator=(const OpParamDef& def) {
    impl_ = CopyOf(def.impl_);
    return *this;
}
OpParamDef& OpParamDef::ParamType(Option param_type) {
    impl_->type = param_type;
    return *this;
}
OpParamDef& OpParamDef::DataType(std::vector<ge::DataType> types) {
    impl_->types = std::move(types);
    return *this;
}
OpParamDef& OpParamDef::Format(std::vector<ge::Format> formats) {
    impl_->formats = std::move(formats);
    return *this;
}
OpParamDef& OpParamDef::UnknownShapeFormat(std::vector<ge::Format> formats) {
    impl_->unknownShapeFormats = std::move(formats);
    return *this;
}
OpParamDef& OpParamDef::InitValue(uint64_t value) {
    impl_->hasInitValue = true;
    impl_->initValue = value;
    return *this;
}

// ---- OpAttrDef
OpAttrDef::OpAttrDef(const char* name) : impl_(std::make_unique<OpAttrDefImpl>()) { impl_->name = name; }
OpAttrDef::OpAttrDef(const OpAttrDef& attr_def) : impl_(CopyOf(attr_def.impl_)) {}
OpAttrDef::~OpAttrDef() = default;
OpAttrDef& OpAttrDef::operator=(const OpAttrDef& attr_def) {
    impl_ = CopyOf(attr_def.impl_);
    return *this;
}
OpAttrDef& OpAttrDef::AttrType(Option attr_type) {
    impl_->required = attr_type == REQUIRED;
    return *this;
}
OpAttrDef& OpAttrDef::Bool(void) {
    impl_->cfgType = "bool";
    return *this;
}
OpAttrDef& OpAttrDef::Bool(bool value) {
    impl_->cfgType = "bool";
    impl_->defaultValue = value ? "true" : "false";
    return *this;
}
OpAttrDef& OpAttrDef::Float(void) {
    impl_->cfgType = "float";
    return *this;
}
// A float default as a stream writes it (1e-4 -> "0.0001", as in published op-info files).
OpAttrDef& OpAttrDef::Float(float value) {
    std::ostringstream text;
    text << value;
    impl_->cfgType = "float";
    impl_->defaultValue = text.str();
    return *this;
}
OpAttrDef& OpAttrDef::Int(void) {
    impl_->cfgType = "int";
    return *this;
}
OpAttrDef& OpAttrDef::Int(int64_t value) {
    impl_->cfgType = "int";
    impl_->defaultValue = std::to_string(value);
    return *this;
}
OpAttrDef& OpAttrDef::ListInt(void) {
    impl_->cfgType = "listInt";
    return *this;
}

// ---- OpAICoreConfig: the six flags under their op-info keys.
OpAICoreConfig::OpAICoreConfig() : impl_(std::make_unique<OpAICoreConfigImpl>()) {}
OpAICoreConfig::OpAICoreConfig(const OpAICoreConfig& aicore_config) : impl_(CopyOf(aicore_config.impl_)) {}
OpAICoreConfig::~OpAICoreConfig() = default;
OpAICoreConfig& OpAICoreConfig::operator=(const OpAICoreConfig& aicore_config) {
    impl_ = CopyOf(aicore_config.impl_);
    return *this;
}
static const char* FlagText(bool flag) { return flag ? "true" : "false"; }
OpAICoreConfig& OpAICoreConfig::DynamicCompileStaticFlag(bool flag) {
    impl_->Set("dynamicCompileStatic.flag", FlagText(flag));
    return *this;
}
OpAICoreConfig& OpAICoreConfig::DynamicFormatFlag(bool flag) {
    impl_->Set("dynamicFormat.flag", FlagText(flag));
    return *this;
}
OpAICoreConfig& OpAICoreConfig::DynamicRankSupportFlag(bool flag) {
    impl_->Set("dynamicRankSupport.flag", FlagText(flag));
    return *this;
}
OpAICoreConfig& OpAICoreConfig::DynamicShapeSupportFlag(bool flag) {
    impl_->Set("dynamicShapeSupport.flag", FlagText(flag));
    return *this;
}
OpAICoreConfig& OpAICoreConfig::NeedCheckSupportFlag(bool flag) {
    impl_->Set("needCheckSupport.flag", FlagText(flag));
    return *this;
}
OpAICoreConfig& OpAICoreConfig::PrecisionReduceFlag(bool flag) {
    impl_->Set("precision_reduce.flag", FlagText(flag));
    return *this;
}
OpAICoreConfig& OpAICoreConfig::ExtendCfgInfo(const char* key, const char* value) {
    impl_->Set(key, value);
    return *this;
}

// ---- OpAICoreDef
OpAICoreDef::OpAICoreDef() : impl_(std::make_unique<OpAICoreDefImpl>()) {}
OpAICoreDef::OpAICoreDef(const OpAICoreDef& aicore_def) : impl_(CopyOf(aicore_def.impl_)) {}
OpAICoreDef::~OpAICoreDef() = default;
OpAICoreDef& OpAICoreDef::operator=(const OpAICoreDef& aicore_def) {
    impl_ = CopyOf(aicore_def.impl_);
    return *this;
}
OpAICoreDef& OpAICoreDef::SetTiling(gert::OpImplRegisterV2::TilingKernelFunc func) {
    impl_->tiling = func;
    return *this;
}
OpAICoreDef& OpAICoreDef::AddConfig(const char* soc, OpAICoreConfig& aicore_config) {
    for (auto& config : impl_->configs) {
        if (config.first == soc) {
            config.second = aicore_config;
            return *this;
        }
    }
    impl_->configs.emplace_back(soc, aicore_config);
    return *this;
}

// ---- OpDef
OpDef::OpDef(const char* type) : impl_(std::make_unique<OpDefImpl>()) { impl_->type = type; }
OpDef::OpDef(const OpDef& op_def) : impl_(CopyOf(op_def.impl_)) {}
OpDef::~OpDef() = default;
OpDef& OpDef::operator=(const OpDef& op_def) {
    impl_ = CopyOf(op_def.impl_);
    return *this;
}
// The parameter or attribute of that name, added at the end when new (the chained calls that follow end before the
// next one may grow the list).
OpParamDef& OpDef::Input(const char* name) {
    for (auto& def : impl_->inputs) {
        if (def.impl_->name == name) return def;
    }
    return impl_->inputs.emplace_back(name);
}
OpParamDef& OpDef::Output(const char* name) {
    for (auto& def : impl_->outputs) {
        if (def.impl_->name == name) return def;
    }
    return impl_->outputs.emplace_back(name);
}
OpAttrDef& OpDef::Attr(const char* name) {
    for (auto& def : impl_->attrs) {
        if (def.impl_->name == name) return def;
    }
    return impl_->attrs.emplace_back(name);
}
OpDef& OpDef::SetInferShape(gert::OpImplRegisterV2::InferShapeKernelFunc func) {
    impl_->inferShape = func;
    return *this;
}
OpDef& OpDef::SetInferDataType(gert::OpImplRegisterV2::InferDataTypeKernelFunc func) {
    impl_->inferDataType = func;
    return *this;
}
OpAICoreDef& OpDef::AICore(void) { return impl_->aicore; }

// ---- The registry OP_ADD fills (op_def_registry.h, in a build with neither OP_PROTO_LIB nor OP_TILING_LIB, which
// is how opbuild compiles the OpDefs).
static std::vector<std::pair<std::string, OpDefCreator>>& Registry() {
    static std::vector<std::pair<std::string, OpDefCreator>> registry;
    return registry;
}
int OpDefFactory::OpDefRegister(const char* name, OpDefCreator creator) {
    Registry().emplace_back(name, std::move(creator));
    return 0;
}

// ---- The op-info writer: the op_cfg generator's part of opbuild, for every registered OpDef.
class CfgGenerator {
public:
    // The config names of ge::DataType (asc-devkit tools/build/opbuild/op_dtype_name_utils.h; the op compiler's
    // DTYPE_MAP in the template's ascendc_impl_build.py reads them back).
    static const char* TypeName(ge::DataType type) {
        static const std::pair<ge::DataType, const char*> kNames[] = {
            {ge::DT_FLOAT, "float32"}, {ge::DT_FLOAT16, "float16"}, {ge::DT_BF16, "bfloat16"}, {ge::DT_INT8, "int8"},
            {ge::DT_INT16, "int16"},   {ge::DT_INT32, "int32"},     {ge::DT_INT64, "int64"},   {ge::DT_UINT8, "uint8"},
            {ge::DT_UINT16, "uint16"}, {ge::DT_UINT32, "uint32"},   {ge::DT_UINT64, "uint64"}, {ge::DT_BOOL, "bool"},
            {ge::DT_DOUBLE, "double"}};
        for (const auto& name : kNames) {
            if (name.first == type) return name.second;
        }
        return nullptr;
    }
    // ge::GetFormatName for the formats the package's OpDefs use.
    static const char* FormatName(ge::Format format) { return format == ge::FORMAT_ND ? "ND" : nullptr; }
    // Option -> paramType (op_cfg_generator.cpp: ignore, optional, required, dynamic; VIRTUAL is written optional).
    static const char* ParamTypeName(Option type) {
        static const char* kNames[] = {"ignore", "optional", "required", "dynamic", "optional"};
        return kNames[type];
    }

    explicit CfgGenerator(bool openSet) : openSet_(openSet) {}

    // Appends [OpType] to aic-<soc>-ops-info.ini for each SoC the OpDef configures; false with a message on stderr
    // for anything this stand-in cannot name.
    bool Write(const std::string& dir, OpDef& def) {
        for (auto& [soc, config] : def.impl_->aicore.impl_->configs) {
            std::ofstream out(dir + "/aic-" + soc + "-ops-info.ini", std::ios::app);
            out << "[" << def.impl_->type << "]\n";
            if (!Params(out, "input", def.impl_->inputs) || !Params(out, "output", def.impl_->outputs)) return false;
            Attrs(out, def.impl_->attrs);
            for (const auto& [key, value] : config.impl_->items) out << key << "=" << value << "\n";
            if (openSet_) Open(out, *config.impl_);
        }
        return true;
    }

private:
    bool Params(std::ofstream& out, const char* kind, std::vector<OpParamDef>& params) {
        for (size_t i = 0; i < params.size(); ++i) {
            const OpParamDefImpl& p = *params[i].impl_;
            const std::string key = kind + std::to_string(i);
            out << key << ".name=" << p.name << "\n";
            std::string types, formats, unknown;
            for (auto t : p.types) {
                if (TypeName(t) == nullptr) return Fail(p.name, "a data type", static_cast<int>(t));
                types += std::string(types.empty() ? "" : ",") + TypeName(t);
            }
            for (auto f : p.formats) {
                if (FormatName(f) == nullptr) return Fail(p.name, "a format", static_cast<int>(f));
                formats += std::string(formats.empty() ? "" : ",") + FormatName(f);
            }
            for (auto f : p.unknownShapeFormats) {
                if (FormatName(f) == nullptr) return Fail(p.name, "a format", static_cast<int>(f));
                unknown += std::string(unknown.empty() ? "" : ",") + FormatName(f);
            }
            if (!types.empty()) out << key << ".dtype=" << types << "\n";
            if (!formats.empty()) out << key << ".format=" << formats << "\n";
            if (!unknown.empty()) out << key << ".unknownshape_format=" << unknown << "\n";
            out << key << ".shape=all\n" << key << ".paramType=" << ParamTypeName(p.type) << "\n";
            if (p.hasInitValue) out << key << ".initValue=" << p.initValue << "\n";
        }
        return true;
    }
    static void Attrs(std::ofstream& out, std::vector<OpAttrDef>& attrs) {
        if (attrs.empty()) return;
        std::string list;
        for (auto& a : attrs) list += (list.empty() ? "" : ",") + a.impl_->name;
        out << "attr.list=" << list << "\n";
        for (auto& a : attrs) {
            const OpAttrDefImpl& attr = *a.impl_;
            const std::string key = "attr_" + attr.name;
            out << key << ".type=" << attr.cfgType << "\n" << key << ".value=all\n";
            out << key << ".paramType=" << (attr.required ? "required" : "optional") << "\n";
            if (!attr.required) out << key << ".defaultValue=" << attr.defaultValue << "\n";
        }
    }
    // The items the open-source opbuild adds when the config does not set them (op_cfg_generator.cpp GenExtendInfo;
    // ENABLE_SOURCE_PACKAGE=False, as the package builds binaries only).
    static void Open(std::ofstream& out, const OpAICoreConfigImpl& config) {
        auto has = [&](const char* key) {
            for (const auto& item : config.items) {
                if (item.first == key) return true;
            }
            return false;
        };
        if (!has("prebuildPattern.value")) out << "prebuildPattern.value=Opaque\n";
        if (!has("coreType.value")) out << "coreType.value=AiCore\n";
        const char* source = std::getenv("ENABLE_SOURCE_PACKAGE");
        if (source != nullptr && std::strcmp(source, "False") == 0 && !has("jitCompile.flag")) {
            out << "jitCompile.flag=static_false,dynamic_false\n";
        }
    }
    static bool Fail(const std::string& param, const char* what, int value) {
        std::fprintf(stderr, "opbuild stand-in: parameter %s has %s (%d) the stand-in cannot name\n", param.c_str(),
                     what, value);
        return false;
    }

    bool openSet_;
};

}  // namespace ops

// The tiling-data registration that the toolkit's own headers run at load (tilingdata_base.h: the matmul tiling
// structs of tiling_api.h register themselves). The op info needs none of it: nothing is recorded.
namespace optiling {
void TilingDef::CheckAlignAndGenPlaceHolder(const char*, size_t) {}
void TilingDef::InitData() {}
CTilingDataClassFactory& CTilingDataClassFactory::GetInstance() {
    static CTilingDataClassFactory factory;
    return factory;
}
void CTilingDataClassFactory::RegisterTilingData(const char*, const TilingDataConstructor) {}
}  // namespace optiling

// Called by the stand-in op_build (op_build.py) after it loaded the operator library: writes the op info of
// every registered OpDef into <dir>; the registered OpTypes, one a line, to stdout. 0 on success.
extern "C" int ascendops_standin_write_op_info(const char* dir, int openSet) {
    ops::CfgGenerator generator(openSet != 0);
    for (auto& [name, creator] : ops::Registry()) {
        ops::OpDef def = creator(name.c_str());
        if (!generator.Write(dir, def)) return 1;
        std::printf("%s\n", name.c_str());
    }
    return 0;
}
