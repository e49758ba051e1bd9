// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Countersign",
    products: [
        .executable(name: "countersign", targets: ["countersign"]),
    ],
    targets: [
        // C libraries, reached through module maps. Only the modules that wrap them import these.
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CNGHTTP2", pkgConfig: "libnghttp2", providers: [.apt(["libnghttp2-dev"])]),
        .target(name: "CLinux"),
        .target(name: "CommandLineArguments"),
        .target(name: "System", dependencies: ["CLinux"]),
        .target(name: "Telemetry", dependencies: ["JSON", "System"]),

        // Pure layers: no I/O.
        .target(name: "Crypto", dependencies: ["COpenSSL"]),
        .target(name: "JSON"),
        .target(name: "HTTP", dependencies: ["JSON"]),
        .target(name: "Signing", dependencies: ["Crypto", "HTTP", "JSON"]),
        .target(name: "Mocking", dependencies: ["JSON", "Signing", "System"]),

        // OpenSSL and SQLite wrappers.
        .target(name: "TLS", dependencies: ["COpenSSL", "Crypto", "System"]),
        .target(name: "Certificates", dependencies: ["COpenSSL", "Crypto", "System"]),
        .target(name: "Store", dependencies: ["CSQLite", "System"]),
        .target(name: "HTTP2", dependencies: ["CNGHTTP2", "HTTP", "System"]),

        // The server.
        .target(name: "Transport", dependencies: ["CLinux", "HTTP", "HTTP2", "System", "TLS"]),
        .target(name: "Upstream", dependencies: ["HTTP", "System", "TLS"]),
        .target(name: "AdminConsole", dependencies: ["HTTP"]),
        .target(name: "Backend", dependencies: ["AdminConsole", "HTTP", "Upstream", "System", "Telemetry", "Transport", "Signing", "Store", "Crypto", "JSON", "Mocking"]),
        .target(name: "CountersignServer", dependencies: ["Backend", "Upstream", "Crypto", "Transport", "TLS", "HTTP2", "Certificates", "Store", "Signing", "HTTP", "JSON", "CommandLineArguments", "System", "Telemetry", "Mocking"]),
        .target(name: "CountersignClient", dependencies: ["HTTP", "HTTP2", "TLS", "Crypto", "JSON", "Signing"]),
        .target(name: "CountersignCommands", dependencies: ["Backend", "CountersignServer", "CountersignClient", "CommandLineArguments", "System",
                                                            "Certificates", "Signing", "Store", "HTTP", "JSON", "TLS"]),
        .executableTarget(name: "countersign", dependencies: ["CountersignCommands"]),
        .executableTarget(name: "SigningBenchmark", dependencies: ["Signing", "Crypto"], path: "bench/SigningBenchmark"),

        // Tests.
        .target(name: "TestSupport", dependencies: ["CountersignServer", "CountersignClient", "Certificates", "JSON", "HTTP", "System"], path: "Tests/TestSupport"),
        .testTarget(name: "CryptoTests", dependencies: ["Crypto"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP"]),
        .testTarget(name: "HTTP2Tests", dependencies: ["HTTP2", "HTTP", "System"]),
        .testTarget(name: "SigningTests", dependencies: ["Signing", "JSON", "Crypto"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TLSTests", dependencies: ["TLS", "Certificates", "TestSupport"]),
        .testTarget(name: "CertificatesTests", dependencies: ["Certificates", "TLS", "TestSupport"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "System"]),
        .testTarget(name: "TransportTests", dependencies: ["Transport", "HTTP", "TLS", "Certificates", "System", "TestSupport", "CountersignClient"]),
        .testTarget(name: "UpstreamTests", dependencies: ["Upstream", "HTTP", "TLS", "Certificates", "System", "TestSupport"]),
        .testTarget(name: "AdminConsoleTests", dependencies: ["AdminConsole", "HTTP"]),
        .testTarget(name: "BackendTests", dependencies: ["Backend", "Store", "Signing", "HTTP", "JSON", "System", "Telemetry", "Transport", "TestSupport", "Mocking"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "CountersignServer", "CountersignClient", "HTTP2", "TLS", "Signing", "Crypto", "JSON", "HTTP", "System", "Store"]),
        .testTarget(name: "SystemTests", dependencies: ["System"]),
        .testTarget(name: "MockingTests", dependencies: ["Mocking", "JSON", "System"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CountersignServerTests", dependencies: ["CountersignServer", "Backend", "HTTP2"]),
        .testTarget(name: "TelemetryTests", dependencies: ["Telemetry", "System", "JSON"]),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
        .testTarget(name: "CommandLineTests", dependencies: ["CountersignCommands", "CountersignServer", "CountersignClient", "Signing", "HTTP", "JSON"]),
    ]
)
