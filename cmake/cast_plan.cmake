# The delivered Cast (source, destination) pairs, read from the rows of the plan table in
# op_kernel/cast/cast_plan.h (the one list of delivered pairs). Every build that instantiates Cast per pair uses it:
# the CPU twin (op_kernel/cast/sim_instances.cmake).
include_guard(GLOBAL)

# C++ element type of each plan-table tag (the enumerator names of CastType without the k).
set(ASCENDOPS_CAST_CTYPE_F16 half)
set(ASCENDOPS_CAST_CTYPE_F32 float)
set(ASCENDOPS_CAST_CTYPE_I32 int32_t)
set(ASCENDOPS_CAST_CTYPE_I16 int16_t)
set(ASCENDOPS_CAST_CTYPE_I8 int8_t)
set(ASCENDOPS_CAST_CTYPE_U8 uint8_t)
set(ASCENDOPS_CAST_CTYPE_Bool bool)
set(ASCENDOPS_CAST_CTYPE_I64 int64_t)
set(ASCENDOPS_CAST_CTYPE_Bf16 bfloat16_t)

# ascendops_cast_pairs(<out>): sets <out> to the list "<Src>_<Dst>" of every row of kRows, in table order.
function(ascendops_cast_pairs out)
    set(plan ${CMAKE_SOURCE_DIR}/op_kernel/cast/cast_plan.h)
    file(STRINGS ${plan} rows REGEX "^ *\\{T::k[A-Za-z0-9]+, T::k[A-Za-z0-9]+,")
    set(pairs "")
    foreach(row ${rows})
        string(REGEX MATCH "T::k([A-Za-z0-9]+), T::k([A-Za-z0-9]+)," _ "${row}")
        if(NOT DEFINED ASCENDOPS_CAST_CTYPE_${CMAKE_MATCH_1} OR NOT DEFINED ASCENDOPS_CAST_CTYPE_${CMAKE_MATCH_2})
            message(FATAL_ERROR "ascendops: cast_plan.h row '${row}' names a type cmake/cast_plan.cmake does not map")
        endif()
        list(APPEND pairs ${CMAKE_MATCH_1}_${CMAKE_MATCH_2})
    endforeach()
    if(NOT pairs)
        message(FATAL_ERROR "ascendops: no plan rows found in ${plan} (the kRows format changed?)")
    endif()
    set(${out} ${pairs} PARENT_SCOPE)
endfunction()

# ascendops_cast_pair_ctypes(<pair> <x_out> <y_out>): the C++ element types (DTYPE_X, DTYPE_Y) of "<Src>_<Dst>".
function(ascendops_cast_pair_ctypes pair x_out y_out)
    string(REPLACE "_" ";" types ${pair})
    list(GET types 0 src)
    list(GET types 1 dst)
    set(${x_out} ${ASCENDOPS_CAST_CTYPE_${src}} PARENT_SCOPE)
    set(${y_out} ${ASCENDOPS_CAST_CTYPE_${dst}} PARENT_SCOPE)
endfunction()
