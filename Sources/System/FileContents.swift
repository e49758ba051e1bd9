import Glibc

/// Reading whole small files (seed, certificates, zone data) without Foundation.
public enum FileContents {
    /// The bytes of `path`, or nil when it cannot be read or is larger than `maxBytes`.
    public static func read(_ path: String, maxBytes: Int = 64 << 20) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maxBytes { return nil }
        }
        return ferror(file) == 0 ? bytes : nil
    }
}
