// The modes of adv_api_kernel.cpp, shared with main.cpp and test_adv_api.py (by value).
#pragma once
enum AdvApiMode : int {
    kSoftMax = 0,
    kLogSoftMax = 1,
    kSoftmaxGrad = 2,
    kSoftmaxGradFront = 3,
    kSum = 4,
    kAdjust = 5,
    kExp = 6,
    kAssert = 7,
    kGradFront = 8,
    kSumUnaligned = 9,
};
