// CANN's tiling-data definition macros (register/tilingdata_base.h) for host code built against the twin:
// BEGIN_TILING_DATA_DEF / TILING_DATA_FIELD_DEF(_ARR, _STRUCT) / END_TILING_DATA_DEF / REGISTER_TILING_DATA_CLASS
// define a class with set_<field> / get_<field>, GetDataSize and SaveToBuffer over one byte image of the fields.
// Layout (8.1.RC1 register/tilingdata_base.h, CheckAlignAndGenPlaceHolder): fields in declaration order, each at an
// offset aligned to its element size, a nested tiling struct at an 8-byte boundary, the whole padded to 8 bytes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "securec.h"  // CANN's tilingdata_base.h brings it (8.1.RC1 include/register/tilingdata_base.h)

namespace optiling {

class TilingDef {
public:
    virtual ~TilingDef() = default;
    // The bytes the kernel reads (GetDataSize of them); a smaller capacity is an error, as on CANN.
    void SaveToBuffer(void* pdata, size_t capacity) {
        if (capacity < data_.size()) {
            throw std::length_error(std::string(className_) + "::SaveToBuffer: capacity " + std::to_string(capacity) +
                                    " < data size " + std::to_string(data_.size()));
        }
        Gather();
        std::memcpy(pdata, data_.data(), data_.size());
    }
    size_t GetDataSize() const { return data_.size(); }
    const char* GetTilingClassName() const { return className_; }

protected:
    // Offset of the next field of `bytes` bytes aligned to `align`.
    size_t Place(size_t bytes, size_t align) {
        size_ = (size_ + align - 1) / align * align;
        const size_t at = size_;
        size_ += bytes;
        return at;
    }
    void Finish(const char* name) {
        className_ = name;
        data_.assign(Place(0, 8), 0);
    }
    // A nested struct lives in its own object; its bytes are copied into place on save (offset from `this`, so a
    // copy of the object stays right).
    size_t Nest(TilingDef& member) {
        const size_t at = Place(member.GetDataSize(), 8);
        nested_.push_back({reinterpret_cast<char*>(&member) - reinterpret_cast<char*>(this), at});
        return at;
    }
    template <typename T>
    void Write(size_t offset, const T* value, size_t count) {
        std::memcpy(data_.data() + offset, value, sizeof(T) * count);
    }
    template <typename T>
    T Read(size_t offset) const {
        T v;
        std::memcpy(&v, data_.data() + offset, sizeof(T));
        return v;
    }
    uint8_t* Bytes(size_t offset) { return data_.data() + offset; }
    void Gather() {
        for (const auto& n : nested_) {
            auto* member = reinterpret_cast<TilingDef*>(reinterpret_cast<char*>(this) + n.first);
            member->Gather();
            std::memcpy(data_.data() + n.second, member->data_.data(), member->data_.size());
        }
    }

private:
    std::vector<uint8_t> data_;
    std::vector<std::pair<std::ptrdiff_t, size_t>> nested_;
    size_t size_ = 0;
    const char* className_ = "";
};

using TilingDataConstructor = std::shared_ptr<TilingDef> (*)();

// REGISTER_TILING_DATA_CLASS's registry: an op type's tiling-data class by name.
class CTilingDataClassFactory {
public:
    static CTilingDataClassFactory& GetInstance() {
        static CTilingDataClassFactory factory;
        return factory;
    }
    void RegisterTilingData(const char* opType, TilingDataConstructor constructor) { classes_[opType] = constructor; }
    std::shared_ptr<TilingDef> CreateTilingDataInstance(const char* opType) {
        auto it = classes_.find(opType);
        return it == classes_.end() ? nullptr : it->second();
    }

private:
    std::map<std::string, TilingDataConstructor> classes_;
};

}  // namespace optiling

#define BEGIN_TILING_DATA_DEF(class_name)                                      \
    class class_name : public ::optiling::TilingDef {                          \
        struct Finisher {                                                      \
            explicit Finisher(class_name* self) { self->Finish(#class_name); } \
        };                                                                     \
                                                                               \
    public:                                                                    \
        class_name() = default;

#define TILING_DATA_FIELD_DEF(data_type, field_name)                                             \
public:                                                                                          \
    void set_##field_name(data_type field_name) { Write(field_name##_offset_, &field_name, 1); } \
    data_type get_##field_name() const { return Read<data_type>(field_name##_offset_); }         \
                                                                                                 \
private:                                                                                         \
    size_t field_name##_offset_ = Place(sizeof(data_type), sizeof(data_type));

#define TILING_DATA_FIELD_DEF_ARR(arr_type, arr_size, field_name)                                            \
public:                                                                                                      \
    void set_##field_name(const arr_type* field_name) { Write(field_name##_offset_, field_name, arr_size); } \
    arr_type* get_##field_name() { return reinterpret_cast<arr_type*>(Bytes(field_name##_offset_)); }        \
                                                                                                             \
private:                                                                                                     \
    size_t field_name##_offset_ = Place(sizeof(arr_type) * (arr_size), sizeof(arr_type));

#define TILING_DATA_FIELD_DEF_STRUCT(struct_type, field_name) \
public:                                                       \
    struct_type field_name;                                   \
                                                              \
private:                                                      \
    size_t field_name##_offset_ = Nest(field_name);

// The finisher is the last member: it runs after every field has its offset and sizes the image.
#define END_TILING_DATA_DEF   \
private:                      \
    Finisher finisher_{this}; \
    }                         \
    ;

#define REGISTER_TILING_DATA_CLASS(op_type, class_name)                                                           \
    namespace {                                                                                                   \
    [[maybe_unused]] const bool op_type##_tiling_registered = [] {                                                \
        ::optiling::CTilingDataClassFactory::GetInstance().RegisterTilingData(                                    \
            #op_type, []() -> std::shared_ptr<::optiling::TilingDef> { return std::make_shared<class_name>(); }); \
        return true;                                                                                              \
    }();                                                                                                          \
    }
