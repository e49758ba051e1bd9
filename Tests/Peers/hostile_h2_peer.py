"""A hostile HTTP/2 peer for the end-to-end tests: it crafts frames with hyperframe and hpack (the
frame layer of Python's h2) instead of h2's state machine, which would refuse to break the rules.

Usage: hostile_h2_peer.py PORT CA_FILE ATTACK
Prints one JSON object: what came back before the connection ended or went quiet (the GOAWAY's
error code, the status of each answered stream, the streams reset and their codes, whether it closed).
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


def read_outcome(tls, quiet_seconds=3.0):
    """Reads frames until the server closes or says nothing for `quiet_seconds`."""
    tls.settimeout(quiet_seconds)
    outcome = {"goaway": None, "statuses": {}, "resets": {}, "closed": False}
    buffer = b""
    while True:
        try:
            chunk = tls.recv(65536)
        except (socket.timeout, TimeoutError):
            return outcome
        except (ConnectionError, ssl.SSLError):
            outcome["closed"] = True
            return outcome
        if not chunk:
            outcome["closed"] = True
            return outcome
        buffer += chunk
        while len(buffer) >= 9:
            frame, length = Frame.parse_frame_header(memoryview(buffer[:9]))
            if len(buffer) < 9 + length:
                break
            frame.parse_body(memoryview(buffer[9:9 + length]))
            buffer = buffer[9 + length:]
            if isinstance(frame, GoAwayFrame):
                outcome["goaway"] = frame.error_code
            elif isinstance(frame, RstStreamFrame):
                outcome["resets"][str(frame.stream_id)] = frame.error_code
            elif isinstance(frame, HeadersFrame):
                # The server's answers are small and its table starts empty: ":status" is a static entry.
                outcome["statuses"][str(frame.stream_id)] = status_of(frame.data)


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
    try:
        tls.sendall(frames)
    except (ConnectionError, ssl.SSLError):
        pass


def ping_flood(tls):
    """50,000 PINGs in one write, none of whose acknowledgements is read first."""
    try:
        tls.sendall(b"".join(PingFrame(0, opaque_data=n.to_bytes(8, "big")).serialize() for n in range(50000)))
    except (ConnectionError, ssl.SSLError):
        pass


def settings_flood(tls):
    """50,000 SETTINGS frames in one write."""
    frame = SettingsFrame(0, settings={SettingsFrame.ENABLE_PUSH: 0}).serialize()
    try:
        tls.sendall(frame * 50000)
    except (ConnectionError, ssl.SSLError):
        pass


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


ATTACKS = {f.__name__.replace("_", "-"): f for f in [too_many_streams, rapid_reset, continuation_flood, ping_flood,
                                                      settings_flood, hpack_bomb, large_header_list, never_reads]}

if __name__ == "__main__":
    port, ca, attack = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    connection = connect(port, ca)
    ATTACKS[attack](connection)
    print(json.dumps(read_outcome(connection)))
