import Crypto
import Glibc
import Signing

// What one signed request costs the server, against hashing the same bytes with MD5 alone.
// Build and run in release:
//   swift build -c release --product SigningBenchmark && .build/release/SigningBenchmark

let secret = "dev-secret-please-change"
/// The app's secrets, as the server keeps them: one array made once, not one per check.
let secrets = [secret]
// A typical app request: 4 signed headers, 3 query parameters, and the headers the HTTP library adds.
let policy = SigningPolicy(signedHeaders: ["X-API-VERSION", "Authorization", "X-DEVICE-ID", "X-TIMESTAMP"])
let fields: [(name: String, value: String)] = [
    ("Host", "localhost:8443"), ("Accept", "*/*"), ("Accept-Language", "zh-Hans-CN;q=1.0, en-CN;q=0.9"),
    ("User-Agent", "Demo/1.0 (iPhone; iOS 17.5) Alamofire/5.9.1"), ("X-API-VERSION", "1.0"),
    ("Authorization", "Bearer 0a8c81db337fdf27f24cdea7fb831e4da4581ab3bd02344734aa53ff3278e0a5"),
    ("X-DEVICE-ID", "3141CBCA-730B-467C-A5A7-49B5F181D866"), ("X-TIMESTAMP", "1767225600"),
]
let unsigned = SignableRequest(method: "GET", target: "/api/v1/checkin/history?page=2&size=20&order=desc", headers: fields)
let canonicalizer = Canonicalizer(policy: policy)
let verifier = SignatureVerifier(policy: policy)

let parameters: RequestParameters
let canonical: CanonicalRequest
do {
    parameters = try canonicalizer.parameters(of: unsigned)
    canonical = try canonicalizer.canonicalize(unsigned, parameters: parameters)
} catch {
    print("the benchmark request cannot be canonicalized: \(error)")
    exit(1)
}
let signature = canonical.signature(secret: secret, scheme: .md5)
// A constant, like the request the server checks: reading a `var` global would add an exclusivity
// check to every run.
let request = SignableRequest(method: unsigned.method, target: unsigned.target,
                              headers: fields + [("X-SIGNATURE", signature)])
let hashedBytes = Array(canonical.string(secret: secret, scheme: .md5).utf8)

let hasher = Hasher(algorithm: .md5)
let measurements: [(label: String, operation: () -> Int)] = [
    ("MD5 of the canonical bytes alone", {
        hasher.update(hashedBytes)
        return hasher.finalizeDigest().count
    }),
    ("verify (digest + constant-time compare)", {
        verifier.verify(canonical, received: signature, secrets: secrets, scheme: .md5) == .valid ? 1 : 0
    }),
    ("canonicalize + verify", {
        guard let rebuilt = try? canonicalizer.canonicalize(request, parameters: parameters) else { return 0 }
        return verifier.verify(rebuilt, received: signature, secrets: secrets, scheme: .md5) == .valid ? 1 : 0
    }),
    ("parameters + canonicalize + verify", {
        guard let parsed = try? canonicalizer.parameters(of: request),
              let rebuilt = try? canonicalizer.canonicalize(request, parameters: parsed) else { return 0 }
        return verifier.verify(rebuilt, received: signature, secrets: secrets, scheme: .md5) == .valid ? 1 : 0
    }),
]

// `--count N K`: run measurement K (0 = MD5 alone) exactly N times and stop, for instruction counts
// under `valgrind --tool=callgrind`, which do not depend on what else the machine is doing
// (bench/signing-instructions.sh subtracts the start-up cost).
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--count",
   let count = Int(CommandLine.arguments[2]), let index = Int(CommandLine.arguments[3]), measurements.indices.contains(index) {
    var checksum = 0
    for _ in 0..<count { checksum &+= measurements[index].operation() }
    print("\(measurements[index].label): \(count) runs (checksum \(checksum))")
    exit(0)
}

// About 2 s per measurement, in three interleaved rounds; the best round counts, which keeps out
// most of the noise of other processes on a shared machine.
let rounds = 3
var benchmark = Benchmark(seconds: 2.0 / Double(rounds))
var rates = [Double](repeating: 0, count: measurements.count)
for _ in 0..<rounds {
    for (index, measurement) in measurements.enumerated() {
        rates[index] = max(rates[index], benchmark.rate(measurement.operation))
    }
}
let md5Rate = rates[0]

/// `text` followed by spaces up to `width` characters.
func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
}

/// The ratio of `rate`'s cost to MD5 alone, with two decimals.
func costRatio(_ rate: Double) -> Double {
    (md5Rate / rate * 100).rounded() / 100
}

/// One result line: the rate, the time per run and the cost relative to MD5 alone.
func line(_ label: String, _ rate: Double) -> String {
    padded(label, 42) + padded("\(Int(rate.rounded())) /s per core", 24) + padded("\(Int((1e9 / rate).rounded())) ns", 10)
        + "\(costRatio(rate))× MD5"
}

print("request: GET, 4 signed headers, 3 query parameters; \(hashedBytes.count) bytes hashed (scheme md5), one thread")
for (measurement, rate) in zip(measurements, rates) {
    print(line(measurement.label, rate))
}
for index in [1, 2] {
    print("goal \(measurements[index].label) within 3× MD5 alone: \(costRatio(rates[index]) <= 3 ? "met" : "not met")")
}
print("(checksum \(benchmark.checksum))")
