# ascendops._C_npu: the bindings of ascendops._C built against CANN (cmake/bindings_sources.cmake: the same
# bind_<op>.cpp, module.cpp and bridge, with the NPU's side of the backend seam), with any toolkit that has the ACL
# runtime (cmake/cann.cmake: ASCENDOPS_NPU_MODULE). CANN's headers only (never the twin's acl/ headers); linked with
# the ACL runtime and nnopbase (aclCreateTensor). The package's aclnn API, tilings and platform tables are the opp
# package's libascendops_opapi.so, installed after this build by either flow's package: python/ascendops/_npu.py
# loads it (RTLD_GLOBAL) before it imports this module, whose references to them it resolves. Its bindings.inc is
# _C's (the same bindings).
pybind11_add_module(_C_npu ${ASCENDOPS_BINDINGS} ${ASCENDOPS_BRIDGE} ${ASCENDOPS_BACKEND_NPU})
target_compile_definitions(_C_npu PRIVATE ASCENDOPS_MODULE=_C_npu ASCENDOPS_NPU)
target_include_directories(_C_npu PRIVATE ${ASCEND_HOME_PATH}/include ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/op_api
                                          ${CMAKE_SOURCE_DIR}/python/bindings ${CMAKE_BINARY_DIR}/generated)
target_link_directories(_C_npu PRIVATE ${ASCEND_HOME_PATH}/lib64)
target_link_libraries(_C_npu PRIVATE ascendcl nnopbase ${CMAKE_DL_LIBS})
if(SKBUILD)
    install(TARGETS _C_npu LIBRARY DESTINATION ascendops)
else()
    set_target_properties(_C_npu PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/pkg/ascendops)
endif()
