# Detect the CANN toolkit. Without it only the CPU path (host tiling, CPU twin kernels, aclnn on the twin) is built.
# With it, cmake/npu.cmake (included at the end of CMakeLists.txt) adds the NPU targets; a set ASCEND_HOME_PATH that
# is not a usable CANN 8.x toolkit stops the configure here, with the reason, before anything else is configured.
set(ASCENDOPS_WITH_CANN OFF)
if(DEFINED ENV{ASCEND_HOME_PATH} AND NOT "$ENV{ASCEND_HOME_PATH}" STREQUAL "")
    set(ASCEND_HOME_PATH "$ENV{ASCEND_HOME_PATH}")
    # Where CANN ships asc-config.cmake, the package of the operator-project CMake functions (find_package(ASC)):
    # asc-devkit installs it to <arch>-linux/lib64/cmake (asc-devkit cmake/CMakeLists.txt), which lib64 links to;
    # older 8.x layouts keep it beside ascendc.cmake.
    set(ASCENDOPS_ASC_CMAKE_DIR "")
    foreach(dir lib64/cmake ${CMAKE_SYSTEM_PROCESSOR}-linux/lib64/cmake compiler/tikcpp/ascendc_kernel_cmake
                tools/tikcpp/ascendc_kernel_cmake)
        if(EXISTS "${ASCEND_HOME_PATH}/${dir}/asc-config.cmake" OR EXISTS "${ASCEND_HOME_PATH}/${dir}/ASCConfig.cmake")
            set(ASCENDOPS_ASC_CMAKE_DIR "${ASCEND_HOME_PATH}/${dir}")
            break()
        endif()
    endforeach()
    if(ASCENDOPS_ASC_CMAKE_DIR STREQUAL "")
        message(FATAL_ERROR
            "ascendops: ASCEND_HOME_PATH is set to '${ASCEND_HOME_PATH}', but that is not a CANN 8.x toolkit: "
            "no asc-config.cmake (find_package(ASC), the custom-operator project functions) under lib64/cmake, "
            "${CMAKE_SYSTEM_PROCESSOR}-linux/lib64/cmake or compiler/tikcpp/ascendc_kernel_cmake.\n"
            "Fix: source the toolkit's set_env.sh (e.g. /usr/local/Ascend/ascend-toolkit/set_env.sh), or unset "
            "ASCEND_HOME_PATH to build the CPU path only (CPU twin, host tiling, tests).")
    endif()
    set(ASCENDOPS_WITH_CANN ON)
    message(STATUS "ascendops: CANN toolkit at ${ASCEND_HOME_PATH}: the NPU targets are configured (cmake/npu.cmake)")
else()
    message(STATUS "ascendops: CANN toolkit not found (ASCEND_HOME_PATH unset): building the CPU path only")
endif()
