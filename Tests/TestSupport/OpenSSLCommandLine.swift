import Foundation

/// Runs the `openssl` command with binary input and output, to check generated files and the TLS
/// library against an independent implementation (`OpenSSLCommand` runs whole pipelines).
public enum OpenSSLCommandLine {
    /// Runs `openssl arguments...` with `input` on its standard input.
    public static func run(_ arguments: [String], input: Data = Data()) async throws -> ExternalCommand {
        try await ExternalCommand.run("openssl", arguments, input: input)
    }

    /// The certificate at `path` as `openssl x509 -text` prints it.
    public static func text(ofCertificateAt path: String) async throws -> String {
        try await run(["x509", "-in", path, "-noout", "-text"]).output
    }
}
