// Compile-time type utilities of the Ascend C headers: AscendC::IsSameType, Conditional and SupportType (8.1.RC1
// impl/utils/kernel_utils_ceil_oom_que.h, kernel_utils_constants.h), which kernels test with
// `if constexpr (AscendC::IsSameType<T, half>::value)`, and AscendC::Std's type traits and integer sequences
// (docs/zh/api/Utils-API/CPP标准库: 类型特性/*.md, 通用工具/integer_sequence.md), each the <type_traits> /
// <utility> template of that name, as those pages define them.
#pragma once
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace AscendC {

// True when T and U are one type (cv-qualifiers count, as in std::is_same).
template <typename T, typename U>
struct IsSameType : std::false_type {};
template <typename T>
struct IsSameType<T, T> : std::true_type {};

// Conditional<c, A, B>::type is A when c holds, else B.
template <bool condition, typename A, typename B>
struct Conditional {
    using type = A;
};
template <typename A, typename B>
struct Conditional<false, A, B> {
    using type = B;
};

// SupportType<T, U, Us...>(): T is one of U, Us...
template <typename T, typename U, typename... Us>
constexpr bool SupportType() {
    return IsSameType<T, U>::value || (IsSameType<T, Us>::value || ...);
}

namespace Std {

// 类型特性.md: the traits the page lists, with their ::value / ::type members and the _v / _t shorthands.
using std::add_const;
using std::add_const_t;
using std::add_cv;
using std::add_cv_t;
using std::add_lvalue_reference;
using std::add_lvalue_reference_t;
using std::add_pointer;
using std::add_pointer_t;
using std::add_rvalue_reference;
using std::add_rvalue_reference_t;
using std::add_volatile;
using std::add_volatile_t;
using std::conditional;
using std::conditional_t;
using std::enable_if;
using std::enable_if_t;
using std::integral_constant;
using std::is_array;
using std::is_array_v;
using std::is_base_of;
using std::is_base_of_v;
using std::is_const;
using std::is_const_v;
using std::is_convertible;
using std::is_convertible_v;
using std::is_floating_point;
using std::is_floating_point_v;
using std::is_integral;
using std::is_integral_v;
using std::is_pointer;
using std::is_pointer_v;
using std::is_reference;
using std::is_reference_v;
using std::is_same;
using std::is_same_v;
using std::is_void;
using std::is_void_v;
using std::remove_const;
using std::remove_const_t;
using std::remove_cv;
using std::remove_cv_t;
using std::remove_pointer;
using std::remove_pointer_t;
using std::remove_reference;
using std::remove_reference_t;
using std::remove_volatile;
using std::remove_volatile_t;

// 容器函数/tuple.md, make_tuple.md, get1.md; forward, which the tuple examples pass through.
using std::forward;
using std::get;
using std::make_tuple;
using std::tuple;

// integral_constant.md: Int<v> is integral_constant<size_t, v>.
template <size_t v>
using Int = integral_constant<size_t, v>;

// integer_sequence.md: IntegerSequence / MakeIntegerSequence and their size_t forms.
template <typename T, T... Idx>
using IntegerSequence = std::integer_sequence<T, Idx...>;
template <typename T, T N>
using MakeIntegerSequence = std::make_integer_sequence<T, N>;
template <size_t... Idx>
using index_sequence = IntegerSequence<size_t, Idx...>;
template <size_t N>
using make_index_sequence = MakeIntegerSequence<size_t, N>;

}  // namespace Std
}  // namespace AscendC
