"""A plain HTTPS upstream for the proxy tests, not a Countersign: it echoes what it received and
misbehaves on request. Usage: https_upstream.py CERT KEY; prints its port on stdout, then serves.

  /api/echo     200, JSON {"method", "target", "headers": [[name, value], ...], "body"}
  /api/endless  200 with a chunked body that never ends
  /api/flood    200 with header lines that never end
  /api/stall    accepts the request and never answers
  /api/garbage  a status line that is not HTTP
"""
import http.server
import json
import ssl
import sys
import threading
import time


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_one_request(self):
        try:
            super().handle_one_request()
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
            self.close_connection = True

    def do_GET(self):
        self.answer()

    def do_POST(self):
        self.answer()

    def answer(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length) if length else b""
        path = self.path.split("?")[0]
        if path == "/api/endless":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b"4000\r\n" + b"x" * 0x4000 + b"\r\n"
            while True:
                self.wfile.write(chunk)
        elif path == "/api/flood":
            self.wfile.write(b"HTTP/1.1 200 OK\r\n")
            number = 0
            while True:
                self.wfile.write(b"X-Flood-%d: %s\r\n" % (number, b"y" * 100))
                number += 1
        elif path == "/api/stall":
            time.sleep(3600)
        elif path == "/api/garbage":
            self.wfile.write(b"NOT HTTP AT ALL\r\n\r\n")
            self.close_connection = True
        else:
            echo = json.dumps({
                "method": self.command, "target": self.path,
                "headers": [[name, value] for name, value in self.headers.items()],
                "body": body.decode("utf-8", "replace"),
            }).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(echo)))
            self.send_header("Keep-Alive", "timeout=5")
            self.send_header("Connection", "keep-alive, X-Upstream-Hop")
            self.send_header("X-Upstream-Hop", "secret-hop")
            self.send_header("X-Upstream", "python")
            self.end_headers()
            self.wfile.write(echo)


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
