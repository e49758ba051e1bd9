"""Asks a server for PATH over HTTP/2 with Python's h2 and prints, as one JSON object, the names of
the response's fields the server sent as never-indexed literals and of the others.

Usage: h2_header_indexing.py PORT CA_FILE PATH
"""
import json
import socket
import ssl
import sys

import h2.config
import h2.connection
import h2.events
from hpack import NeverIndexedHeaderTuple

port, ca, path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
context = ssl.create_default_context(cafile=ca)
context.set_alpn_protocols(["h2"])
tls = context.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=30), server_hostname="localhost")
connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True, header_encoding="utf-8"))
connection.initiate_connection()
connection.send_headers(1, [(":method", "GET"), (":scheme", "https"), (":authority", "localhost"), (":path", path)],
                        end_stream=True)
tls.sendall(connection.data_to_send())
fields = None
while fields is None:
    data = tls.recv(65536)
    if not data:
        raise SystemExit("the server closed the connection before answering")
    for event in connection.receive_data(data):
        if isinstance(event, h2.events.ResponseReceived):
            fields = event.headers
    tls.sendall(connection.data_to_send())
print(json.dumps({"never_indexed": [field[0] for field in fields if isinstance(field, NeverIndexedHeaderTuple)],
                  "others": [field[0] for field in fields if not isinstance(field, NeverIndexedHeaderTuple)]}))
