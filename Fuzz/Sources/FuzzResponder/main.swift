import CLibFuzzer

// The two symbols libFuzzer and SwiftPM look for. `-sanitize=fuzzer` links all of libFuzzer, whose `main` calls
// `LLVMFuzzerTestOneInput`; SwiftPM links an executable target with `--defsym main=<Target>_main`, which
// `-parse-as-library` (needed so that no top-level code makes a second `main`) leaves undefined. Both run the same
// target, whichever `main` the linker keeps.

/// libFuzzer's callback: runs the target on one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponderTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ResponderFuzzTarget.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// The entry point SwiftPM names: hands the process to libFuzzer's driver with the same callback.
@_cdecl("FuzzResponder_main")
public func fuzzResponderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzResponderTestOneInput)
}
