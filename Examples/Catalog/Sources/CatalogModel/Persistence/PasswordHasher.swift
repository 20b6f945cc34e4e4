import Crypto
import _CryptoExtras
import Foundation

/// scrypt password hashing. Each account gets its own random salt; the cost
/// parameters are stored with the hash so they can be raised later without
/// breaking existing accounts.
package struct PasswordHasher: Sendable {
    package struct Parameters: Sendable, Equatable {
        /// N: CPU/memory cost, a power of two.
        package var rounds: Int
        /// r
        package var blockSize: Int
        /// p
        package var parallelism: Int

        package init(rounds: Int, blockSize: Int, parallelism: Int) {
            self.rounds = rounds
            self.blockSize = blockSize
            self.parallelism = parallelism
        }

        /// N = 2^15, r = 8, p = 1: 32 MiB and tens of milliseconds per hash.
        package static let standard = Parameters(rounds: 1 << 15, blockSize: 8, parallelism: 1)
    }

    package struct Hashed: Sendable, Equatable {
        package let salt: [UInt8]
        package let hash: [UInt8]
        package let parameters: Parameters

        package init(salt: [UInt8], hash: [UInt8], parameters: Parameters) {
            self.salt = salt
            self.hash = hash
            self.parameters = parameters
        }
    }

    static let saltByteCount = 16
    static let hashByteCount = 32

    package let parameters: Parameters

    package init(parameters: Parameters = .standard) {
        self.parameters = parameters
    }

    func hash(_ password: String) throws -> Hashed {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<Self.saltByteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Hashed(salt: salt, hash: try Self.derive(password, salt: salt, parameters: parameters), parameters: parameters)
    }

    func verify(_ password: String, against stored: Hashed) throws -> Bool {
        let candidate = try Self.derive(password, salt: stored.salt, parameters: stored.parameters)
        return Self.constantTimeEqual(candidate, stored.hash)
    }

    private static func derive(_ password: String, salt: [UInt8], parameters: Parameters) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: hashByteCount,
            rounds: parameters.rounds, blockSize: parameters.blockSize, parallelism: parameters.parallelism)
        return key.withUnsafeBytes { Array($0) }
    }

    /// Compares every byte whatever the first difference, so timing does not
    /// tell how much of a guess was right.
    static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
