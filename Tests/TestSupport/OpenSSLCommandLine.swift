import Foundation

/// Runs the `openssl` command with binary input and output, to check generated files and the TLS
/// library against an independent implementation (`OpenSSLCommand` runs whole pipelines).
public enum OpenSSLCommandLine {
    /// What one run printed, and its exit status.
    public struct Output {
        public let status: Int32
        public let standardOutput: Data
        public let standardError: String
        /// The standard output as text.
        public var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// Runs `openssl arguments...` with `input` on its standard input.
    public static func run(_ arguments: [String], input: Data? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(input ?? Data())
        try standardInput.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: out, standardError: String(decoding: err, as: UTF8.self))
    }

    /// The certificate at `path` as `openssl x509 -text` prints it.
    public static func text(ofCertificateAt path: String) throws -> String {
        try run(["x509", "-in", path, "-noout", "-text"]).text
    }
}
