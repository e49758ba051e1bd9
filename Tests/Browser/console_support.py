"""What the browser tests of the admin console (/__admin/ui, console_*_test.py) share.

`Server` starts the built server (.build/debug/countersign serve) on an ephemeral port in a temporary
folder and makes signed requests as an app does; `ConsoleTestCase` opens the page in a real headless
Chromium (Selenium and chromedriver), one server and one browser per test class. The screenshots
console-*.png go to .build/screenshots (CONSOLE_SCREENSHOTS=docs/images refreshes the docs' copies).
Run by scripts/browser-test.sh.
"""

import hashlib
import http.client
import json
import os
import re
import shutil
import ssl
import subprocess
import tempfile
import threading
import time
import unittest
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("COUNTERSIGN_BINARY", os.path.join(ROOT, ".build", "debug", "countersign"))
# The screenshots go to .build/screenshots; CONSOLE_SCREENSHOTS=docs/images refreshes the ones the docs show.
IMAGES = os.path.join(ROOT, os.environ.get("CONSOLE_SCREENSHOTS", os.path.join(".build", "screenshots")))
SECRET = "browser-test-secret"
DEVICE = "3141CBCA-730B-467C-A5A7-49B5F181D866"


class Server:
    """One `countersign serve` in its own temporary folder, on an ephemeral port."""

    def __init__(self, host="127.0.0.1", admin_token=None):
        self.folder = tempfile.mkdtemp(prefix="countersign-browser-")
        stubs = os.path.join(self.folder, "stubs")
        os.mkdir(stubs)
        arguments = [BINARY, "serve", "--port", "0", "--host", host, "--log-format", "json",
                     "--db", os.path.join(self.folder, "countersign.sqlite"), "--certs", os.path.join(self.folder, "certs"),
                     "--seed", os.path.join(ROOT, "seed.sql"), "--stubs", stubs, "--secret", SECRET]
        if admin_token:
            arguments += ["--admin-token", admin_token]
        self.process = subprocess.Popen(arguments, cwd=self.folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.port = None
        deadline = time.monotonic() + 60
        lines = []
        while time.monotonic() < deadline and self.port is None:
            line = self.process.stdout.readline()
            if not line:
                break
            lines.append(line)
            match = re.search(r'"listener":"main".*"url":"https://[^"]*:(\d+)"|"url":"https://[^"]*:(\d+)".*"listener":"main"', line)
            if match:
                self.port = int(match.group(1) or match.group(2))
        if self.port is None:
            self.stop()
            raise RuntimeError("countersign did not start:\n" + "".join(lines))
        # Keep draining the log, so that a full pipe never blocks the server.
        self.drain = subprocess.Popen(["cat"], stdin=self.process.stdout, stdout=subprocess.DEVNULL)
        self.tls = ssl.create_default_context(cafile=os.path.join(self.folder, "certs", "ca.pem"))
        self.tls.check_hostname = False

    def url(self, host="127.0.0.1"):
        return "https://%s:%d" % (host, self.port)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.port is not None:
            self.drain.wait()
        self.process.stdout.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def request(self, method, path, headers=None, body=None, host="127.0.0.1"):
        """The status and body of one HTTPS request."""
        request = urllib.request.Request(self.url(host) + path, method=method, headers=headers or {}, data=body)
        try:
            with urllib.request.urlopen(request, context=self.tls, timeout=10) as response:
                return response.status, response.read(), response.headers
        except urllib.error.HTTPError as error:
            return error.code, error.read(), error.headers

    def signed(self, method, path, params, signed_params=None, signature=None):
        """A request signed as the app signs it (SIGNING.md, scheme md5): parameters in the
        query for GET, a form body otherwise. `signed_params` signs other values than those sent.
        Returns the envelope and the request id."""
        sent = signed_headers(signed_params if signed_params is not None else params)
        if signature:
            sent["X-SIGNATURE"] = signature
        encoded = urllib.parse.urlencode(params)
        if method == "GET":
            _, body, answer = self.request(method, path + ("?" + encoded if encoded else ""), sent)
        else:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            _, body, answer = self.request(method, path, sent, encoded.encode())
        return json.loads(body), answer["X-Request-Id"]

    def flood(self, count, threads=8):
        """`count` signed pings over `threads` keep-alive connections; returns the requests per second."""
        headers = {"X-API-VERSION": "1.0", "X-DEVICE-ID": DEVICE}
        text = "".join(key + headers[key] for key in sorted(headers)) + SECRET
        headers["X-SIGNATURE"] = hashlib.md5(text.encode()).hexdigest().upper()
        failures = []

        def send(share):
            connection = http.client.HTTPSConnection("127.0.0.1", self.port, context=self.tls, timeout=30)
            for _ in range(share):
                connection.request("GET", "/api/v1/ping", headers=headers)
                response = connection.getresponse()
                if b'"code":0' not in response.read():
                    failures.append(response.status)
            connection.close()

        start = time.monotonic()
        workers = [threading.Thread(target=send, args=(count // threads,)) for _ in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        if failures:
            raise AssertionError("%d pings failed" % len(failures))
        return count // threads * threads / (time.monotonic() - start)


def signed_headers(params):
    """The headers of a request signed as the app signs it (SIGNING.md, scheme md5) over `params`."""
    headers = {"X-API-VERSION": "1.0", "X-DEVICE-ID": DEVICE}
    text = ""
    for key in sorted(list(params) + list(headers)):
        text += key + (headers[key] if key in headers else str(params[key]))
    headers["X-SIGNATURE"] = hashlib.md5((text + SECRET).encode()).hexdigest().upper()
    return headers


def non_loopback_address():
    """An IPv4 address of this machine that is not loopback, or None."""
    try:
        output = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    for address in output.split():
        if re.fullmatch(r"\d+\.\d+\.\d+\.\d+", address) and not address.startswith("127."):
            return address
    return None


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,800"]:
        options.add_argument(argument)
    options.accept_insecure_certs = True  # the development CA is the test's own
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def wait(driver, seconds, condition, message):
    return WebDriverWait(driver, seconds, poll_frequency=0.02).until(lambda _: condition(), message)


class ConsoleTestCase(unittest.TestCase):
    """The console on loopback, where the admin API needs no token: one server and one browser
    for the tests of a class, which run in the order of their names."""

    @classmethod
    def setUpClass(cls):
        cls.server = Server()
        cls.driver = browser()
        cls.driver.get(cls.server.url() + "/__admin/ui")
        wait(cls.driver, 10, lambda: cls.driver.find_element(By.ID, "status").text == "Live", "the list never went live")

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def setUp(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        self.show("requests")

    def show(self, view):
        self.driver.find_element(By.CSS_SELECTOR, '.tab[data-view="%s"]' % view).click()

    def row(self, request_id):
        rows = self.driver.find_elements(By.CSS_SELECTOR, '.viewport .row[data-request-id="%s"]' % request_id)
        return rows[0] if rows else None

    def open(self, request_id):
        wait(self.driver, 5, lambda: self.row(request_id), "the request never appeared")
        self.row(request_id).click()
        return wait(self.driver, 5, lambda: self.driver.find_element(By.ID, "detail").is_displayed()
                    and self.driver.find_element(By.ID, "detail"), "no detail")

    def screenshot(self, name):
        os.makedirs(IMAGES, exist_ok=True)
        for scheme in ["light", "dark"]:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            self.driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
            self.driver.save_screenshot(os.path.join(IMAGES, "console-%s-%s.png" % (name, scheme)))

    def fill(self, form, values):
        for name, value in values.items():
            field = self.driver.find_element(By.CSS_SELECTOR, '#%s [name="%s"]' % (form, name))
            field.clear()
            field.send_keys(value)
        self.driver.find_element(By.CSS_SELECTOR, "#%s button[type=submit]" % form).click()

    def admin(self, method, path, body=None):
        """The status and parsed answer of an admin API call with a JSON body."""
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        status, answer, _ = self.server.request(method, path, {"Content-Type": "application/json"}, data)
        return status, json.loads(answer) if answer else None
