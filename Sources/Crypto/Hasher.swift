import COpenSSL

/// An incremental digest computation that can be reused after `finalize()`.
///
/// Not thread-safe: keep one per thread or per request.
public final class Hasher {
    private let context: OpaquePointer
    private let algorithm: DigestAlgorithm

    /// A hasher ready to take input for `algorithm`.
    public init(algorithm: DigestAlgorithm) {
        guard let context = EVP_MD_CTX_new() else { preconditionFailure("EVP_MD_CTX_new: out of memory") }
        self.context = context
        self.algorithm = algorithm
        reset()
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `bytes` to the input.
    public func update(_ bytes: some Collection<UInt8>) {
        let hashedInPlace: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        if hashedInPlace == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    /// Adds `bytes` to the input; concrete, so that callers in other modules skip the generic path.
    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds the UTF-8 bytes of `text` to the input.
    public func update(_ text: String) {
        let hashedInPlace: Void? = text.utf8.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if hashedInPlace == nil {
            Array(text.utf8).withUnsafeBytes { update($0) }
        }
    }

    /// Adds raw bytes to the input.
    public func update(_ buffer: UnsafeRawBufferPointer) {
        guard buffer.count > 0 else { return }
        let status = EVP_DigestUpdate(context, buffer.baseAddress, buffer.count)
        precondition(status == 1, "EVP_DigestUpdate failed")
    }

    /// The digest of everything added since the last reset; the hasher is reset afterwards.
    public func finalize() -> [UInt8] {
        finalizeDigest().bytes
    }

    /// `finalize()` without allocating: the digest held inline.
    public func finalizeDigest() -> Digest {
        let digest = Digest(count: algorithm.outputSize) { output in
            var length: UInt32 = 0
            let status = EVP_DigestFinal_ex(context, output.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
            precondition(status == 1 && Int(length) == output.count, "EVP_DigestFinal_ex failed")
        }
        reset()
        return digest
    }

    private func reset() {
        let status = EVP_DigestInit_ex2(context, algorithm.handle, nil)
        precondition(status == 1, "EVP_DigestInit_ex2 failed")
    }
}
