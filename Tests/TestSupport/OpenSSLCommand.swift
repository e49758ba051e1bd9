import Foundation

/// What the `openssl` command line tool says about certificate files and about the certificate a running
/// server presents: an implementation independent of the server's, for cross-checks.
public enum OpenSSLCommand {
    /// The pipeline that turns a PEM certificate on standard input into its SPKI pin, as curl's
    /// documentation computes it for `--pinnedpubkey`.
    private static let pinPipeline = "openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64 -w0"
    /// Prints the leaf certificate (PEM) that the server on 127.0.0.1:$1 presents for SNI $2.
    private static let leafPipeline = "openssl s_client -connect 127.0.0.1:\"$1\" -servername \"$2\" </dev/null 2>/dev/null | openssl x509"

    /// The DER bytes of the leaf certificate the server on `127.0.0.1:port` presents to `openssl s_client`.
    public static func presentedLeafDER(port: Int, serverName: String = "localhost") async throws -> [UInt8] {
        try await base64Output(of: leafPipeline + " -outform DER | base64 -w0", arguments: [String(port), serverName])
    }

    /// The SPKI pin (base64 SHA-256 of the SubjectPublicKeyInfo) of the leaf the server on `127.0.0.1:port` presents.
    public static func presentedLeafSPKIPin(port: Int, serverName: String = "localhost") async throws -> String {
        try await shell(leafPipeline + " | " + pinPipeline, arguments: [String(port), serverName])
    }

    /// The DER bytes of the PEM certificate at `path`.
    public static func der(ofCertificateAt path: String) async throws -> [UInt8] {
        try await base64Output(of: "openssl x509 -in \"$1\" -outform DER | base64 -w0", arguments: [path])
    }

    /// The SPKI pin of the PEM certificate at `path`.
    public static func spkiPin(ofCertificateAt path: String) async throws -> String {
        try await shell("openssl x509 -in \"$1\" | " + pinPipeline, arguments: [path])
    }

    /// Runs `script` with `bash -c` and pipefail, `arguments` as `$1`, `$2`...; returns its standard output.
    private static func shell(_ script: String, arguments: [String]) async throws -> String {
        let result = try await ExternalCommand.run("bash", ["-c", "set -o pipefail; " + script, "bash"] + arguments)
        guard result.status == 0, !result.output.isEmpty else {
            throw OpenSSLCommandError(script: script, errorOutput: result.errorOutput)
        }
        return result.output
    }

    private static func base64Output(of script: String, arguments: [String]) async throws -> [UInt8] {
        let encoded = try await shell(script, arguments: arguments)
        guard let bytes = Data(base64Encoded: encoded) else {
            throw OpenSSLCommandError(script: script, errorOutput: "not base64: \(encoded)")
        }
        return Array(bytes)
    }
}

/// An `openssl` pipeline failed or printed nothing.
public struct OpenSSLCommandError: Error, CustomStringConvertible {
    /// The shell pipeline that failed.
    public let script: String
    /// What it printed on standard error.
    public let errorOutput: String
    public var description: String { "openssl pipeline failed: \(script): \(errorOutput)" }
}
