// Only the header matters: LLVMFuzzerRunDriver comes from libFuzzer's runtime, linked by -sanitize=fuzzer.
#include "CLibFuzzer.h"
