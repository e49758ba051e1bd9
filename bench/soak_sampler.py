"""Samples a server once a second during the journal soak (bench/soak.sh).

usage: soak_sampler.py countersign|wiremock PORT PID CAFILE SECONDS OUTPUT [JOURNAL-FILE]

Each line of OUTPUT: Unix time (s), resident memory (KiB), journal bytes, journal entries, entries
dropped. Countersign: the journal file's size on disk (JOURNAL-FILE with its -wal and -shm), and
`POST /__admin/requests/count` ({"count", "dropped"}). WireMock keeps its journal on the JVM heap,
so it has no byte count here (0; soak_report.py reads the heap from the GC log): the entries are
`meta.total` of `GET /__admin/requests?limit=1`, and nothing is ever dropped (0). A sample the
server did not answer within 2 s is written as -1. It stops after SECONDS samples.
"""
import http.client
import json
import os
import ssl
import sys
import time

from procfs import rss_kib


def file_bytes(path):
    total = 0
    for suffix in ("", "-wal", "-shm"):
        try:
            total += os.stat(path + suffix).st_size
        except FileNotFoundError:
            pass
    return total


class Admin:
    """One keep-alive HTTPS connection to the admin API, reopened after a failure."""

    def __init__(self, port, cafile):
        self.port, self.context, self.connection = port, ssl.create_default_context(cafile=cafile), None

    def request(self, method, path):
        try:
            if self.connection is None:
                self.connection = http.client.HTTPSConnection("localhost", self.port, timeout=2, context=self.context)
            self.connection.request(method, path)
            return json.loads(self.connection.getresponse().read())
        except (OSError, http.client.HTTPException, ValueError):
            self.connection = None
            return None


def journal(kind, admin):
    """(entries, dropped), or (-1, -1) when the server did not answer."""
    if kind == "countersign":
        answer = admin.request("POST", "/__admin/requests/count")
        return (answer["count"], answer["dropped"]) if answer else (-1, -1)
    answer = admin.request("GET", "/__admin/requests?limit=1")
    return (answer["meta"]["total"], 0) if answer else (-1, -1)


def main():
    kind, port, pid, cafile, seconds, output = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6]
    journal_file = sys.argv[7] if len(sys.argv) > 7 else None
    admin = Admin(port, cafile)
    start = time.time()
    with open(output, "w") as out:
        for second in range(seconds):
            time.sleep(max(0.0, start + second - time.time()))
            now = time.time()
            entries, dropped = journal(kind, admin)
            size = file_bytes(journal_file) if journal_file else 0
            out.write(f"{now:.3f}\t{rss_kib(pid)}\t{size}\t{entries}\t{dropped}\n")
            out.flush()


if __name__ == "__main__":
    main()
