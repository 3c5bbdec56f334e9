# Detect the CANN toolkit. Without it only the CPU path (host tiling, CPU twin kernels, aclnn on the twin) is built.
# With it, cmake/npu.cmake (included at the end of CMakeLists.txt) adds the NPU targets; a set ASCEND_HOME_PATH that
# is not a usable CANN 8.x toolkit stops the configure here, with the reason, before anything else is configured.
set(ASCENDOPS_WITH_CANN OFF)
if(DEFINED ENV{ASCEND_HOME_PATH} AND NOT "$ENV{ASCEND_HOME_PATH}" STREQUAL "")
    set(ASCEND_HOME_PATH "$ENV{ASCEND_HOME_PATH}")
    # Where CANN 8.x ships its Ascend C CMake support (ascendc.cmake: ascendc_library and the aclrtlaunch_* stubs).
    set(ASCENDOPS_ASCENDC_CMAKE_DIR "")
    foreach(dir compiler/tikcpp/ascendc_kernel_cmake tools/tikcpp/ascendc_kernel_cmake)
        if(EXISTS "${ASCEND_HOME_PATH}/${dir}/ascendc.cmake")
            set(ASCENDOPS_ASCENDC_CMAKE_DIR "${ASCEND_HOME_PATH}/${dir}")
            break()
        endif()
    endforeach()
    if(ASCENDOPS_ASCENDC_CMAKE_DIR STREQUAL "")
        message(FATAL_ERROR
            "ascendops: ASCEND_HOME_PATH is set to '${ASCEND_HOME_PATH}', but that is not a CANN 8.x toolkit: "
            "neither compiler/tikcpp/ascendc_kernel_cmake/ascendc.cmake nor tools/tikcpp/ascendc_kernel_cmake/"
            "ascendc.cmake exists under it.\n"
            "Fix: source the toolkit's set_env.sh (e.g. /usr/local/Ascend/ascend-toolkit/set_env.sh), or unset "
            "ASCEND_HOME_PATH to build the CPU path only (CPU twin, host tiling, tests).")
    endif()
    set(ASCENDOPS_WITH_CANN ON)
    message(STATUS "ascendops: CANN toolkit at ${ASCEND_HOME_PATH}: the NPU targets are configured (cmake/npu.cmake)")
else()
    message(STATUS "ascendops: CANN toolkit not found (ASCEND_HOME_PATH unset): building the CPU path only")
endif()
