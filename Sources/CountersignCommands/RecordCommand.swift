import Backend
import CountersignServer
import Glibc
import JSON
import Store
import System

/// `countersign record --from journal --out FOLDER`: stub files made from the request journal's
/// proxied entries, as a live recording makes them (one stub per request, a scenario for answers
/// that changed, no secrets), for a server that was proxying with a journal that keeps answers
/// (`--journal-answer-bytes`).
struct RecordCommand: Command {
    static let name = "record"
    static let usage = """
    Usage: countersign record --from journal --out FOLDER [--db PATH | --journal FILE]
                              [--path PATTERN] [--method METHOD] [--since MS]
    Writes a stub file for each request the upstream answered in proxy mode, from the journal's
    entries oldest first: repeats add nothing, a changed answer makes a scenario; secrets, tokens and
    passwords are masked. Entries answered locally, or whose answer was not kept, are skipped.
      --from journal   the source (the journal is the only one)
      --out FOLDER     where the stub files go (created when absent); load them with --stubs FOLDER
      --db PATH        the database whose journal is read (default data/countersign.sqlite, or COUNTERSIGN_DB):
                       the journal is the file next to it, data/countersign.journal.sqlite
      --journal FILE   the journal file itself
      --path PATTERN   only these paths: exact, or with * for any run of characters (/api/v1/orders*)
      --method METHOD  only this method
      --since MS       only entries at or after this Unix time in milliseconds
    """

    /// The journal file read.
    let journalPath: String
    let folder: String
    let filter: JournalFilter

    static func parse(_ arguments: ArraySlice<String>, environment: [String: String]) throws -> RecordCommand {
        let options = ["from", "out", "journal", "path", "method", "since"].map { CommandOption.value($0) } + ServerOptions.options([.db])
        let parsed = try ParsedArguments(arguments, options: options)
        guard let source = parsed.value("from") else { throw CommandError("record needs --from journal\n\(usage)") }
        guard source.text == "journal" else {
            throw CommandError("--from must be journal (the request journal is the only source)", argumentIndex: source.index)
        }
        guard let out = parsed.value("out"), !out.text.isEmpty else { throw CommandError("record needs --out FOLDER\n\(usage)") }
        if let db = parsed.value("db"), let journal = parsed.value("journal") {
            throw CommandError("give --db or --journal, not both", argumentIndex: max(db.index ?? 0, journal.index ?? 0))
        }
        var configuration = Configuration()
        configuration.databasePath = try ServerOptions(parsed, fields: [.db], environment: environment).databasePath
        var filter = JournalFilter()
        filter.path = parsed.value("path")?.text
        filter.method = parsed.value("method")?.text.uppercased()
        if let since = parsed.value("since") {
            guard let milliseconds = Int64(since.text), milliseconds >= 0 else {
                throw CommandError("--since must be a Unix time in milliseconds", argumentIndex: since.index)
            }
            guard !JournalFilter.secondsOnlySince.contains(milliseconds) else {
                throw CommandError("--since is a Unix time in milliseconds; \(milliseconds) is in seconds (use \(milliseconds * 1000))",
                                   argumentIndex: since.index)
            }
            filter.since = milliseconds
        }
        return RecordCommand(journalPath: parsed.value("journal")?.text ?? configuration.journalPath, folder: out.text, filter: filter)
    }

    func run() throws -> Int32 {
        // Opening a journal creates it when absent: a mistyped path must not look like an empty journal.
        guard access(journalPath, R_OK) == 0 else {
            throw CommandError("no journal at \(journalPath): run the server with --proxy-to and the journal on, or give --journal FILE")
        }
        let entries = try JournalStore.openForReading(path: journalPath).entries(matching: filter, limit: Int.max)
        var recording = JournalRecording()
        for entry in entries.reversed() {
            recording.add(stored: entry)
        }
        let files = recording.files
        try FileSystem.createDirectories(folder)
        for file in files {
            try FileSystem.writeAtomically(file.text, to: folder + "/" + file.name)
        }
        let summary = recording.summary(folder: folder)
        print(JSONWriter.serialize(summary))
        if files.isEmpty {
            Console.error("no stub written: the journal holds no proxied answer (proxy with --proxy-to, keep answers with --journal-answer-bytes)")
        }
        return 0
    }
}
