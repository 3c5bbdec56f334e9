# What a CANN toolkit root offers this package: which opp-package flow it has, its version, what that flow needs
# that the root lacks, and whether the ACL runtime is there. The one definition of these facts: cmake/cann.cmake
# (the configure), scripts/build.sh and scripts/_setup.sh (through cmake/probe_toolkit.cmake) all read it.
#
# ascendops_probe_toolkit(<root>) sets, in the caller's scope:
#   ASCENDOPS_TOOLKIT_FLOW     asc-config (CANN 8.3 and later: the packaged operator-project CMake functions),
#                              template (CANN 8.0 / 8.1: msopgen's project template) or none
#   ASCENDOPS_TOOLKIT_VERSION  "CANN <version>" (include/version/cann_version.h) or "CANN (version unknown)"
#   ASCENDOPS_ASC_CMAKE_DIR    asc-config flow: the folder of asc-config.cmake
#   ASCENDOPS_TEMPLATE_DIR     template flow: tools/op_project_templates/ascendc/customize
#   ASCENDOPS_FLOW_MISSING     what the flow's build runs or links that the root lacks (;-list, root-relative)
#   ASCENDOPS_RUNTIME_MISSING  what ascendops._C_npu needs that the root lacks (;-list); empty: it can be built
#   ASCENDOPS_TOOLKIT_FOUND    one line: the root, its version and flow, or why it is no toolkit
#   ASCENDOPS_WITH_CANN        the configure adds the asc-config flow's opp package target (cmake/npu.cmake)
#   ASCENDOPS_NPU_MODULE       the configure adds ascendops._C_npu (with the Python modules)
#   ASCENDOPS_TOOLKIT_SUMMARY  one line: what was found and what a configure of this package builds of it

# Where each fact lives in an installed toolkit (ASCEND_HOME_PATH = .../ascend-toolkit/latest; include/ and lib64/
# are links into <arch>-linux/).
# asc-config.cmake (find_package(ASC)): asc-devkit installs it to <arch>-linux/lib64/cmake, which lib64 links to;
# older 8.x layouts keep it beside ascendc.cmake.
set(ASCENDOPS_ASC_CONFIG_DIRS lib64/cmake ${CMAKE_HOST_SYSTEM_PROCESSOR}-linux/lib64/cmake
    compiler/tikcpp/ascendc_kernel_cmake tools/tikcpp/ascendc_kernel_cmake)
# msopgen's custom-operator project (CANN 8.0 / 8.1 install it with the toolkit).
set(ASCENDOPS_TEMPLATE_SUBDIR tools/op_project_templates/ascendc/customize)
# What the template flow runs or links (its cmake/config.cmake, cmake/func.cmake and op_host/CMakeLists.txt):
# opbuild generates the op info, op_proto and aclnn sources; the host libraries link the registration and tiling
# libraries; ccec compiles the kernels (opc on PATH drives it, set_env.sh puts it there).
set(ASCENDOPS_TEMPLATE_NEEDS include/register/op_def_registry.h toolkit/tools/opbuild/op_build lib64/libregister.so
    lib64/libexe_graph.so lib64/libtiling_api.so lib64/librt2_registry.a lib64/libnnopbase.so lib64/libascendcl.so
    compiler/ccec_compiler/bin/ccec)
# What the asc-config flow's project (cmake/npu.cmake) links beyond the ASC package.
set(ASCENDOPS_ASC_CONFIG_NEEDS lib64/libnnopbase.so lib64/libascendcl.so lib64/libopapi.so)
# ascendops._C_npu (python/bindings/npu): the ACL and aclnn headers, the runtime and nnopbase (aclCreateTensor).
set(ASCENDOPS_RUNTIME_NEEDS include/acl/acl.h include/aclnn/aclnn_base.h lib64/libascendcl.so lib64/libnnopbase.so)

set(ASCENDOPS_NO_TOOLKIT_SUMMARY "no CANN toolkit (ASCEND_HOME_PATH unset); building the CPU path")

function(ascendops_missing_under root out)
    set(missing "")
    foreach(rel ${ARGN})
        if(NOT EXISTS "${root}/${rel}")
            list(APPEND missing ${rel})
        endif()
    endforeach()
    set(${out} "${missing}" PARENT_SCOPE)
endfunction()

function(ascendops_probe_toolkit root)
    set(flow none)
    set(version "CANN (version unknown)")
    set(asc_dir "")
    set(template_dir "")
    set(flow_missing "")
    set(runtime_missing "")
    if(NOT IS_DIRECTORY "${root}")
        set(found "ASCEND_HOME_PATH=${root} is not a directory")
    else()
        foreach(header include/version/cann_version.h ${CMAKE_HOST_SYSTEM_PROCESSOR}-linux/include/version/cann_version.h
                       aarch64-linux/include/version/cann_version.h x86_64-linux/include/version/cann_version.h)
            if(EXISTS "${root}/${header}")
                file(STRINGS "${root}/${header}" line REGEX "define CANN_VERSION_STR")
                string(REGEX MATCH "\"([^\"]+)\"" _ "${line}")
                set(version "CANN ${CMAKE_MATCH_1}")
                break()
            endif()
        endforeach()
        foreach(dir ${ASCENDOPS_ASC_CONFIG_DIRS})
            if(EXISTS "${root}/${dir}/asc-config.cmake" OR EXISTS "${root}/${dir}/ASCConfig.cmake")
                set(asc_dir "${root}/${dir}")
                break()
            endif()
        endforeach()
        if(asc_dir)
            set(flow asc-config)
            ascendops_missing_under("${root}" flow_missing ${ASCENDOPS_ASC_CONFIG_NEEDS})
            set(found "${version} at ${root}: asc-config flow (${asc_dir}/asc-config.cmake)")
        elseif(EXISTS "${root}/${ASCENDOPS_TEMPLATE_SUBDIR}/cmake/func.cmake")
            set(flow template)
            set(template_dir "${root}/${ASCENDOPS_TEMPLATE_SUBDIR}")
            ascendops_missing_under("${root}" flow_missing ${ASCENDOPS_TEMPLATE_NEEDS})
            set(found "${version} at ${root}: msopgen template flow (${ASCENDOPS_TEMPLATE_SUBDIR})")
        else()
            string(CONCAT found "ASCEND_HOME_PATH=${root} is no CANN toolkit this package builds with: neither "
                   "asc-config.cmake (CANN 8.3+: lib64/cmake) nor msopgen's project template (CANN 8.0/8.1: "
                   "${ASCENDOPS_TEMPLATE_SUBDIR})")
        endif()
        ascendops_missing_under("${root}" runtime_missing ${ASCENDOPS_RUNTIME_NEEDS})
    endif()
    set(ASCENDOPS_TOOLKIT_FLOW "${flow}" PARENT_SCOPE)
    set(ASCENDOPS_TOOLKIT_VERSION "${version}" PARENT_SCOPE)
    set(ASCENDOPS_ASC_CMAKE_DIR "${asc_dir}" PARENT_SCOPE)
    set(ASCENDOPS_TEMPLATE_DIR "${template_dir}" PARENT_SCOPE)
    set(ASCENDOPS_FLOW_MISSING "${flow_missing}" PARENT_SCOPE)
    set(ASCENDOPS_RUNTIME_MISSING "${runtime_missing}" PARENT_SCOPE)
    set(ASCENDOPS_TOOLKIT_FOUND "${found}" PARENT_SCOPE)

    # What a configure builds: the CPU path always; the asc-config flow's package target; _C_npu with the runtime.
    set(with_cann OFF)
    set(npu_module OFF)
    set(builds "the CPU path")
    if(flow STREQUAL "asc-config")
        set(with_cann ON)
        string(APPEND builds ", the opp package target ascendops_opp (scripts/build.sh)")
    elseif(flow STREQUAL "template")
        string(APPEND builds " (the opp package: scripts/build.sh)")
    endif()
    if(NOT flow STREQUAL "none" AND runtime_missing STREQUAL "")
        set(npu_module ON)
        string(APPEND builds " and the NPU backend ascendops._C_npu")
    elseif(NOT flow STREQUAL "none")
        list(JOIN runtime_missing ", " names)
        string(APPEND builds "; no NPU backend: no ${names}")
    endif()
    set(ASCENDOPS_WITH_CANN ${with_cann} PARENT_SCOPE)
    set(ASCENDOPS_NPU_MODULE ${npu_module} PARENT_SCOPE)
    set(ASCENDOPS_TOOLKIT_SUMMARY "${found}; building ${builds}" PARENT_SCOPE)
endfunction()
