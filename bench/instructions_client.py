"""The client of bench/request-instructions.sh: signed check-ins against a server under callgrind.

usage: instructions_client.py MODE PORT CAFILE TOKEN SIGNATURE WARMUP MEASURED SETTLE ZERO_COMMAND DUMP_COMMAND [PATH]

MODE keepalive: 4 keep-alive connections, one request on each per round (WARMUP and MEASURED count
rounds). MODE h2: the same over 4 HTTP/2 connections, one stream on each per round (needs the `h2`
package: run it with .build/venv-peers/bin/python). MODE newconn: a new TLS connection per
request, resuming the previous session. After the warm-up it runs ZERO_COMMAND
(callgrind_control -z), after the measured part DUMP_COMMAND, and prints how many requests were
measured and how many new connections resumed a session (0 in keepalive mode).

SETTLE journal (Countersign): before each command, wait until the journal has written every
request answered so far (its count stops moving for half a second), so that the journal thread's
work falls inside the measured window exactly when its requests do. The count is asked for on one
keep-alive connection opened before the warm-up, so that the measured window holds no handshake
of its own. SETTLE none (nginx, which has no journal): no wait.
"""
import socket, ssl, subprocess, sys, time

mode, port, cafile, token, signature = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
warmup, measured, settle = int(sys.argv[6]), int(sys.argv[7]), sys.argv[8]
zero_command, dump_command = sys.argv[9], sys.argv[10]
path = sys.argv[11] if len(sys.argv) > 11 else "/api/v1/checkin"
close = "Connection: close\r\n" if mode == "newconn" else ""
request = ("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-API-VERSION: 1.0\r\nAuthorization: Bearer %s\r\n"
           "X-SIGNATURE: %s\r\n%s\r\n" % (path, port, token, signature, close)).encode()
context = ssl.create_default_context(cafile=cafile)


def connect(session=None, tls=context):
    raw = socket.create_connection(("127.0.0.1", port))
    raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return tls.wrap_socket(raw, server_hostname="localhost", session=session)


def read_response(sock, buffered):
    """Reads one response from `sock` (after `buffered` bytes); returns its body and what follows it."""
    while b"\r\n\r\n" not in buffered:
        buffered += receive(sock)
    head, _, rest = buffered.partition(b"\r\n\r\n")
    length = next(int(line.partition(b":")[2]) for line in head.split(b"\r\n")[1:]
                  if line.partition(b":")[0].strip().lower() == b"content-length")
    while len(rest) < length:
        rest += receive(sock)
    return rest[:length], rest[length:]


def read_answer(sock, buffered):
    """Reads one check-in answer from `sock` (after `buffered` bytes); returns what follows it."""
    body, rest = read_response(sock, buffered)
    if b'"code":0' not in body:
        raise SystemExit("unexpected answer: %r" % body)
    return rest


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


class HTTP2KeepAlive:
    """Like KeepAlive, over HTTP/2: one stream per connection and round, its DATA acknowledged."""

    def __init__(self):
        import h2.config, h2.connection
        self.events = __import__("h2.events").events
        context.set_alpn_protocols(["h2"])
        self.headers = [(":method", "GET"), (":scheme", "https"), (":authority", "localhost:%d" % port), (":path", path),
                        ("x-api-version", "1.0"), ("authorization", "Bearer " + token), ("x-signature", signature)]
        self.connections = []
        for _ in range(4):
            sock = connect()
            if sock.selected_alpn_protocol() != "h2":
                raise SystemExit("the server did not negotiate h2 (ALPN %r)" % sock.selected_alpn_protocol())
            session = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
            session.initiate_connection()
            sock.sendall(session.data_to_send())
            self.connections.append((sock, session))

    def run(self, rounds):
        for _ in range(rounds):
            streams = []
            for sock, session in self.connections:
                stream = session.get_next_available_stream_id()
                session.send_headers(stream, self.headers, end_stream=True)
                sock.sendall(session.data_to_send())
                streams.append(stream)
            for (sock, session), stream in zip(self.connections, streams):
                self.read_answer(sock, session, stream)
        return rounds * len(self.connections), 0

    def read_answer(self, sock, session, stream):
        body, ended = b"", False
        while not ended:
            for event in session.receive_data(receive(sock)):
                if isinstance(event, self.events.DataReceived) and event.stream_id == stream:
                    body += event.data
                    session.acknowledge_received_data(event.flow_controlled_length, stream)
                elif isinstance(event, self.events.StreamEnded) and event.stream_id == stream:
                    ended = True
                elif isinstance(event, self.events.StreamReset):
                    raise SystemExit("the server reset stream %d" % event.stream_id)
            pending = session.data_to_send()
            if pending:
                sock.sendall(pending)
        if b'"code":0' not in body:
            raise SystemExit("unexpected answer: %r" % body)


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


class JournalSettler:
    """Waits until the server's journal count stops moving, over one keep-alive connection."""

    def __init__(self):
        self.sock = connect(tls=ssl.create_default_context(cafile=cafile))  # no ALPN: HTTP/1.1
        self.request = ("POST /__admin/requests/count HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: 0\r\n\r\n"
                        % port).encode()

    def count(self):
        self.sock.sendall(self.request)
        body, rest = read_response(self.sock, b"")
        if rest:
            raise SystemExit("unexpected bytes after the journal count: %r" % rest)
        return body

    def wait(self):
        last, now = None, self.count()
        while now != last:
            time.sleep(0.5)
            last, now = now, self.count()


def run_command(command):
    if settler:
        settler.wait()
    subprocess.run(command, shell=True, check=True, stdout=subprocess.DEVNULL)


settler = JournalSettler() if settle == "journal" else None
client = {"newconn": NewConnection, "h2": HTTP2KeepAlive}.get(mode, KeepAlive)()
client.run(warmup)
run_command(zero_command)
requests, resumed = client.run(measured)
run_command(dump_command)
print(requests, resumed)
