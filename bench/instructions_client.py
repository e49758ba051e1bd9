"""The client of bench/request-instructions.sh: signed check-ins against a server under callgrind.

usage: instructions_client.py MODE PORT CAFILE TOKEN SIGNATURE WARMUP MEASURED ZERO_COMMAND DUMP_COMMAND

MODE keepalive: 4 keep-alive connections, one request on each per round (WARMUP and MEASURED count
rounds). MODE newconn: a new TLS connection per request, resuming the previous session. After the
warm-up it runs ZERO_COMMAND (callgrind_control -z), after the measured part DUMP_COMMAND, and
prints how many requests were measured and how many new connections resumed a session (0 in
keepalive mode).
"""
import socket, ssl, subprocess, sys

mode, port, cafile, token, signature = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
warmup, measured, zero_command, dump_command = int(sys.argv[6]), int(sys.argv[7]), sys.argv[8], sys.argv[9]
path = sys.argv[10] if len(sys.argv) > 10 else "/api/v1/checkin"
close = "Connection: close\r\n" if mode == "newconn" else ""
request = ("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-API-VERSION: 1.0\r\nAuthorization: Bearer %s\r\n"
           "X-SIGNATURE: %s\r\n%s\r\n" % (path, port, token, signature, close)).encode()
context = ssl.create_default_context(cafile=cafile)


def connect(session=None):
    raw = socket.create_connection(("127.0.0.1", port))
    raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return context.wrap_socket(raw, server_hostname="localhost", session=session)


def read_answer(sock, buffered):
    """Reads one response from `sock` (after `buffered` bytes); returns what follows it."""
    while b"\r\n\r\n" not in buffered:
        buffered += receive(sock)
    head, _, rest = buffered.partition(b"\r\n\r\n")
    length = next(int(line.partition(b":")[2]) for line in head.split(b"\r\n")[1:]
                  if line.partition(b":")[0].strip().lower() == b"content-length")
    while len(rest) < length:
        rest += receive(sock)
    if b'"code":0' not in rest[:length]:
        raise SystemExit("unexpected answer: %r %r" % (head, rest[:length]))
    return rest[length:]


def receive(sock):
    chunk = sock.recv(65536)
    if not chunk:
        raise SystemExit("the server closed the connection")
    return chunk


class KeepAlive:
    def __init__(self):
        self.connections = [[connect(), b""] for _ in range(4)]

    def run(self, rounds):
        for _ in range(rounds):
            for entry in self.connections:
                entry[0].sendall(request)
            for entry in self.connections:
                entry[1] = read_answer(entry[0], entry[1])
        return rounds * len(self.connections), 0


class NewConnection:
    session = None

    def run(self, count):
        resumed = 0
        for _ in range(count):
            sock = connect(self.session)
            sock.sendall(request)
            read_answer(sock, b"")
            resumed += sock.session_reused
            self.session = sock.session
            sock.close()
        return count, resumed


client = NewConnection() if mode == "newconn" else KeepAlive()
client.run(warmup)
subprocess.run(zero_command, shell=True, check=True, stdout=subprocess.DEVNULL)
requests, resumed = client.run(measured)
subprocess.run(dump_command, shell=True, check=True, stdout=subprocess.DEVNULL)
print(requests, resumed)
