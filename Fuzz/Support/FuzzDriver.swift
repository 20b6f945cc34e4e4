#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer with this process's arguments on `body`, then exits.
///
/// Each target is an executable whose `@main` calls this: SwiftPM links an
/// executable with its module's entry point as `main`, which replaces
/// libFuzzer's own `main` (that one calls `LLVMFuzzerTestOneInput`, which
/// each target also exports, so either entry point fuzzes the same code).
public func runFuzzer(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, body))
}

/// The input as a buffer (libFuzzer passes a null pointer for the empty input).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: size == 0 ? nil : data, count: size)
}

/// A broken property: stops the fuzzer, which writes the input to a file.
public func fuzzFailure(_ message: String) -> Never {
    fatalError("fuzz: \(message)")
}
