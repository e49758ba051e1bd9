import Backend
import Glibc
import System

/// The stubs folder (`--stubs`): every `*.json` file in it, read once at start in name order.
enum StubFolder {
    /// The stubs of every file in the folder at `path`; none when there is no such folder.
    static func load(_ path: String) throws(StartupError) -> [Stub] {
        var stubs: [Stub] = []
        for name in try jsonFileNames(in: path) {
            let file = path + "/" + name
            guard let contents = FileSystem.read(file) else { throw StartupError(step: "stubs", reason: "cannot read \(file)") }
            do {
                stubs += try StubFile.stubs(in: contents, path: file, firstID: stubs.count + 1)
            } catch {
                throw StartupError(step: "stubs", reason: "\(file): \(error.message)")
            }
        }
        return stubs
    }

    private static func jsonFileNames(in path: String) throws(StartupError) -> [String] {
        guard let directory = opendir(path) else {
            if errno == ENOENT { return [] }
            throw StartupError(step: "stubs", reason: "cannot read the folder \(path): \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".json") && !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}
