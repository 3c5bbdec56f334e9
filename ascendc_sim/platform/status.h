// aclnn status codes and a small result type: every failure carries its code and a one-line reason.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace ascendc_sim {
inline namespace platform {

enum class Status : int32_t {
    kSuccess = 0,
    kNullPointer = 161001,   // ACLNN_ERR_PARAM_NULLPTR
    kInvalidParam = 161002,  // ACLNN_ERR_PARAM_INVALID
    kRuntimeError = 361001,  // ACLNN_ERR_RUNTIME_ERROR (launch failed)
    kTilingError = 561002,   // ACLNN_ERR_INNER_TILING_ERROR
};

struct Error {
    Status code;
    std::string message;  // names the parameter, the value and the rule
};

// Either a value or an Error; deliberately tiny (C++17 has no std::expected).
template <typename T>
class Result {
public:
    Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit on purpose, like std::expected
    Result(Error error) : v_(std::move(error)) {}  // NOLINT

    bool ok() const { return std::holds_alternative<T>(v_); }
    explicit operator bool() const { return ok(); }
    const T& value() const { return std::get<T>(v_); }
    T& value() { return std::get<T>(v_); }
    const T& operator*() const { return value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<Error>(v_); }

private:
    std::variant<T, Error> v_;
};

inline Error InvalidParam(std::string message) { return {Status::kInvalidParam, std::move(message)}; }
inline Error NullPointer(std::string message) { return {Status::kNullPointer, std::move(message)}; }
inline Error TilingError(std::string message) { return {Status::kTilingError, std::move(message)}; }

}  // namespace platform
}  // namespace ascendc_sim
