import Foundation

/// Runs the `openssl` command, to cross-check the library against an independent implementation.
enum OpenSSLCommandLine {
    struct Output {
        let status: Int32
        let standardOutput: Data
        let standardError: String
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

    /// base64(SHA-256(DER SubjectPublicKeyInfo)) computed as curl's documentation does:
    /// `openssl x509 -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
    static func spkiPin(ofCertificateAt path: String) throws -> String {
        let publicKey = try run(["x509", "-in", path, "-pubkey", "-noout"]).standardOutput
        let der = try run(["pkey", "-pubin", "-outform", "der"], input: publicKey).standardOutput
        let digest = try run(["dgst", "-sha256", "-binary"], input: der).standardOutput
        return digest.base64EncodedString()
    }
}
