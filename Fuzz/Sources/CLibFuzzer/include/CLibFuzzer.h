#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for programs that keep their own `main`: parses libFuzzer's flags from `argc`/`argv` and
/// runs `callback` on every input, exactly as libFuzzer's own `main` does.
///
/// SwiftPM links an executable target with `--defsym main=<Target>_main` and `-parse-as-library` leaves that symbol
/// undefined, so each fuzz target defines `<Target>_main` and calls this.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
