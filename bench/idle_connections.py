"""Opens N idle TLS connections to a server and reports how much its resident memory grew.

Usage: idle_connections.py HOST PORT PID N CAFILE
Prints: "<rss_before_kib> <rss_after_kib> <still_open> <opened> <seconds>": the connections the
server still held open when its memory was read (a server may close idle ones before all are
open), how many were opened, and how long opening them took.
"""
import socket
import ssl
import sys
import time

from procfs import rss_kib


def still_open(connection):
    """True unless the server has closed `connection` (read without blocking: nothing to read is open)."""
    connection.setblocking(False)
    try:
        return connection.recv(1) != b""
    except (ssl.SSLWantReadError, BlockingIOError):
        return True
    except (ssl.SSLError, OSError):
        return False


def main():
    host, port, pid, count, cafile = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5]
    context = ssl.create_default_context(cafile=cafile)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    pids = pid.split(",")
    before = sum(rss_kib(p) for p in pids)
    connections = []
    started = time.time()
    deadline = started + 120
    for _ in range(count):
        if time.time() > deadline:
            break
        raw = socket.create_connection((host, port), timeout=10)
        try:
            connections.append(context.wrap_socket(raw, server_hostname="localhost"))
        except (ssl.SSLError, OSError):
            raw.close()
            break
    seconds = time.time() - started
    time.sleep(1.0)
    after = sum(rss_kib(p) for p in pids)
    still = sum(1 for connection in connections if still_open(connection))
    print(before, after, still, len(connections), f"{seconds:.1f}")
    for connection in connections:
        connection.close()


if __name__ == "__main__":
    main()
