import Foundation

/// Runs the `openssl` command, to check the generated files with an independent implementation.
enum OpenSSLCommandLine {
    struct Output {
        let status: Int32
        let standardOutput: Data
        let standardError: String
        var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    static func run(_ arguments: [String], input: Data? = nil) throws -> Output {
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
    static func text(ofCertificateAt path: String) throws -> String {
        try run(["x509", "-in", path, "-noout", "-text"]).text
    }
}
