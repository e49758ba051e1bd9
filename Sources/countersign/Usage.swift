/// The top-level help.
enum Usage {
    static let text = """
    Usage: countersign <command> [options]

    Commands:
      serve    run the server (the default); countersign serve --help lists every setting
      sign     print the canonical string and signature of a request, as the server computes them
      call     make a signed request like the mobile app (pins server.cer), print the envelope
      certs    create or renew the certificates in server-certs/
      db       migrate | seed | reset the database
      health   exit 0 when the local server answers /healthz (for container health checks)
    """
}
