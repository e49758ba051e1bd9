/// The top-level help and version.
enum Usage {
    /// What `countersign --version` prints after the name.
    static let version = "1.0.0"

    static let text = """
    Usage: countersign <command> [options]
           countersign [serve settings]     (serve is the default command)

    Commands:
      serve    run the server; countersign serve --help lists every setting
      sign     print the canonical string and signature of a request, as the server computes them
      call     make a signed request like the mobile app (pins server.cer), print the envelope
      certs    create or renew the certificates in server-certs/
      db       migrate | seed | reset the database
      health   exit 0 when the local server answers /healthz (for container health checks)

    Options:
      -h, --help      show this list; countersign <command> --help shows a command's options
      --version       print the version
    """

    /// Reports an unknown command on standard error; returns the usage exit status.
    static func unknownCommand(_ name: String) -> Int32 {
        Console.error("unknown command '\(name)'; countersign --help lists the commands")
        return 2
    }
}
