import FuzzDriver
import Foundation
@testable import ShojiSSH

/// The OpenSSH private-key reader (armour, base64, the wire format) on
/// arbitrary text. Two inputs each run: the text as given, and the bytes
/// base64-armoured as a key file, so the fuzzer reaches the wire format
/// without having to discover base64. A key read back must encode to a file
/// that reads back as the same key.
@main enum FuzzPrivateKey {
    static func main() { runFuzzer(testOneInput) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzInput(data, size)
    check(String(decoding: bytes, as: UTF8.self))
    let armoured = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + Data(bytes).base64EncodedString(options: .lineLength64Characters)
        + "\n-----END OPENSSH PRIVATE KEY-----\n"
    check(armoured)
    return 0
}

private func check(_ text: String) {
    do throws(OpenSSHPrivateKey.DecodeError) {
        let key = try OpenSSHPrivateKey.decodeEd25519(armored: text)
        let again = try OpenSSHPrivateKey.decodeEd25519(armored: OpenSSHPrivateKey.encode(ed25519: key, comment: "fuzz"))
        if again.rawRepresentation != key.rawRepresentation { fuzzFailure("a key read back differs after encoding") }
    } catch {
        if error.description.isEmpty || error.description.contains(where: \.isNewline) {
            fuzzFailure("error message not one line: \(error.description.debugDescription)")
        }
    }
}
