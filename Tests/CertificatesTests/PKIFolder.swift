import Certificates
import Foundation
import TestSupport

/// A temporary folder for one test's PKI, with helpers to look at its files.
struct PKIFolder {
    let folder: TemporaryDirectory
    let paths: CertificatePaths

    init() throws {
        folder = TemporaryDirectory("certs")
        paths = CertificatePaths(directory: folder.path + "/server-certs")
    }

    static let allFiles = [
        "ca.key", "ca.pem", "server.key", "server.pem", "server.cer", "server.spki-sha256.txt",
        "client.key", "client.pem", "client.p12",
    ]

    func path(_ name: String) -> String { paths.directory + "/" + name }

    func contents(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path(name)))
    }

    /// Every generated file's bytes, by name.
    func snapshot() throws -> [String: Data] {
        try Dictionary(uniqueKeysWithValues: Self.allFiles.map { ($0, try contents($0)) })
    }

    func permissions(_ name: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path(name))[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func remove(_ name: String) throws {
        try FileManager.default.removeItem(atPath: path(name))
    }
}
