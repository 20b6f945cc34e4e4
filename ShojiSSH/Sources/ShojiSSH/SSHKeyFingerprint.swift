import Crypto
import Foundation

/// A public key's fingerprint as OpenSSH shows it: `SHA256:` and the
/// unpadded base64 of the SHA-256 of the key blob (`ssh-keygen -l`, the
/// client's first-connection prompt).
public enum SSHKeyFingerprint {
    /// The fingerprint of a key written `type base64 [comment]`, or nil
    /// when its data is not base64.
    public static func of(_ openSSHPublicKey: String) -> String? {
        let parts = openSSHPublicKey.split(whereSeparator: \.isWhitespace)
        guard parts.count >= 2, let blob = Data(base64Encoded: String(parts[1])) else { return nil }
        let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        return "SHA256:" + digest.replacingOccurrences(of: "=", with: "")
    }
}
