import JSON
import Mocking
import System

/// The mocking files read once at start: the OpenAPI document of `--import-openapi` and the
/// envelope dialect of `--envelope-dialect`. A broken one stops the start, naming the file and
/// what is wrong with it.
enum MockFiles {
    /// The import of the document at `path`; none when there is no path.
    static func imports(_ path: String?) throws(StartupError) -> [OpenAPIImport] {
        guard let path else { return [] }
        guard let contents = FileSystem.read(path) else { throw StartupError(step: "import-openapi", reason: "cannot read \(path)") }
        do {
            return [try OpenAPIImport(document: contents)]
        } catch {
            throw StartupError(step: "import-openapi", reason: "\(path): \(error)")
        }
    }

    /// The dialect of the file at `path` (nil when there is no path); the file's `http_status`,
    /// when it has one, wins over `statusPolicy` (`--http-status`).
    static func dialect(_ path: String?, statusPolicy: EnvelopeDialect.StatusPolicy) throws(StartupError) -> EnvelopeDialect? {
        guard let path else { return nil }
        guard let contents = FileSystem.read(path) else { throw StartupError(step: "envelope-dialect", reason: "cannot read \(path)") }
        do {
            let document = try JSONParser.parse(contents)
            var dialect = try EnvelopeDialect(document)
            if document["http_status"] == nil { dialect.statusPolicy = statusPolicy }
            return dialect
        } catch let error as JSONError {
            throw StartupError(step: "envelope-dialect", reason: "\(path): invalid JSON: \(error)")
        } catch {
            throw StartupError(step: "envelope-dialect", reason: "\(path): \(error)")
        }
    }
}
