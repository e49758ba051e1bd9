"""Browser tests of the admin console (/__admin/ui) in a real headless Chromium.

Starts the built server (.build/debug/countersign serve) on an ephemeral port in a temporary
folder, drives the page with Selenium and chromedriver, and makes signed requests as an app
does. Writes the screenshots console-*.png to .build/screenshots (CONSOLE_SCREENSHOTS=docs/images refreshes the docs' copies). Run by scripts/browser-test.sh.
"""

import hashlib
import http.client
import json
import os
import re
import shlex
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

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
        headers = {"X-API-VERSION": "1.0", "X-DEVICE-ID": DEVICE}
        signing = dict(signed_params if signed_params is not None else params)
        text = ""
        for key in sorted(list(signing) + list(headers)):
            text += key + (headers[key] if key in headers else str(signing[key]))
        sent = dict(headers)
        sent["X-SIGNATURE"] = signature or hashlib.md5((text + SECRET).encode()).hexdigest().upper()
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


class ConsoleTests(unittest.TestCase):
    """The console on loopback, where the admin API needs no token."""

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

    def test_a_page_loads_without_console_errors(self):
        self.driver.get(self.server.url() + "/__admin/ui")
        wait(self.driver, 10, lambda: self.driver.find_element(By.ID, "status").text == "Live", "the list never went live")
        self.show("controls")
        wait(self.driver, 5, lambda: self.driver.find_elements(By.CSS_SELECTOR, "#fault-list li"), "faults never listed")
        self.show("config")
        wait(self.driver, 5, lambda: self.driver.find_element(By.ID, "pin-value").text != "…", "pin never shown")
        errors = [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(errors, [])

    def test_b_a_signed_request_appears_within_a_second(self):
        envelope, request_id = self.server.signed("GET", "/api/v1/ping", {})
        self.assertEqual(envelope["code"], 0)
        start = time.monotonic()
        wait(self.driver, 1.0, lambda: self.row(request_id), "the request did not appear within a second")
        print("\n  a signed request appeared after %.0f ms" % ((time.monotonic() - start) * 1000), file=sys.stderr)
        cells = self.row(request_id).find_elements(By.TAG_NAME, "span")
        self.assertEqual(cells[1].text, "GET")
        self.assertEqual(cells[2].text, "/api/v1/ping")
        self.assertEqual(self.row(request_id).find_element(By.CSS_SELECTOR, ".badge").text, "valid")

    def test_c_a_bad_signature_shows_its_likely_cause_and_the_first_difference(self):
        # The client signed push as "true" but its URL encoding sent 1.
        envelope, request_id = self.server.signed("GET", "/api/v1/ping", {"page": "1", "push": "1"},
                                                  signed_params={"page": "1", "push": "true"})
        self.assertEqual(envelope["code"], 10003)
        detail = self.open(request_id)
        self.assertEqual(detail.find_element(By.CSS_SELECTOR, ".cause-name").text, "Bool encoded as number")
        self.assertIn("arrived as '1'", detail.find_element(By.CSS_SELECTOR, ".cause-detail").text)
        marks = detail.find_elements(By.CSS_SELECTOR, "mark.first-difference")
        self.assertEqual([mark.text for mark in marks], ["t", "1"])  # pushtrue against push1
        client, server = detail.find_elements(By.CSS_SELECTOR, ".diff pre")
        self.assertIn("pushtrue", client.text)
        self.assertIn("push1", server.text)
        self.assertNotIn(SECRET, detail.text)
        keys = [key.text for key in detail.find_elements(By.CSS_SELECTOR, ".canonical .k")]
        self.assertIn("X-DEVICE-ID", keys)
        self.assertIn("push", keys)
        # The copied `countersign call` signs the same request afresh: it runs and succeeds.
        _, body, _ = self.server.request("GET", "/__admin/requests?limit=20")
        entry = next(e for e in json.loads(body)["requests"] if e["request_id"] == request_id)
        command = shlex.split(self.driver.execute_script("return Commands.call(arguments[0])", entry))
        self.assertEqual(command[:4], ["countersign", "call", "GET", "/api/v1/ping"])
        self.assertIn("push=1", command)
        called = subprocess.run([BINARY] + command[1:] + ["--certs", os.path.join(self.server.folder, "certs"), "--secret", SECRET],
                                capture_output=True, text=True, timeout=30, cwd=self.server.folder)
        self.assertEqual(called.returncode, 0, called.stdout + called.stderr)
        curl = self.driver.execute_script("return Commands.curl(arguments[0])", entry)
        self.assertIn("'X-SIGNATURE: %s'" % entry["diagnosis"]["received"], curl)
        self.assertIn("/api/v1/ping?page=1&push=1", curl)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", detail.find_element(By.CSS_SELECTOR, ".diff"))
        self.screenshot("detail")

    def test_d_a_script_parameter_is_shown_as_text_and_runs_nothing(self):
        hostile = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'
        envelope, request_id = self.server.signed("GET", "/api/v1/ping", {"q": hostile})
        self.assertEqual(envelope["code"], 0)
        detail = self.open(request_id)
        values = [value.text for value in detail.find_elements(By.CSS_SELECTOR, "dd")]
        self.assertIn(hostile, values)
        self.driver.find_element(By.ID, "filter-text").send_keys("pwned")
        wait(self.driver, 2, lambda: self.driver.find_element(By.ID, "list-count").text.startswith("1 of"), "filter")
        self.driver.find_element(By.ID, "filter-text").send_keys(Keys.CONTROL + "a", Keys.BACKSPACE)
        wait(self.driver, 2, lambda: not self.driver.find_element(By.ID, "list-count").text.startswith("1 of"), "filter")
        self.assertIsNone(self.driver.execute_script("return window.__pwned"))
        self.assertEqual(self.driver.execute_script("return document.querySelectorAll('img').length"), 0)
        self.assertEqual(self.driver.execute_script("return document.scripts.length"), 7)

    def fill(self, form, values):
        for name, value in values.items():
            field = self.driver.find_element(By.CSS_SELECTOR, '#%s [name="%s"]' % (form, name))
            field.clear()
            field.send_keys(value)
        self.driver.find_element(By.CSS_SELECTOR, "#%s button[type=submit]" % form).click()

    def test_e_a_fault_created_in_the_form_changes_the_next_answer(self):
        self.show("controls")
        self.fill("fault-form", {"path": "/api/v1/ping"})
        error = self.driver.find_element(By.CSS_SELECTOR, "#fault-form .error")
        wait(self.driver, 5, lambda: error.text, "the server's refusal was not shown")
        self.assertEqual(error.text, "a fault needs at least one of delay_ms, http_status, code, kind")
        self.fill("fault-form", {"path": "/api/v1/ping", "code": "30001", "message": "Injected by the form", "times": "1"})
        wait(self.driver, 5, lambda: "Injected by the form" in self.driver.find_element(By.ID, "fault-list").text, "fault not listed")
        envelope, _ = self.server.signed("GET", "/api/v1/ping", {})
        self.assertEqual((envelope["code"], envelope["message"]), (30001, "Injected by the form"))
        self.assertEqual(self.server.signed("GET", "/api/v1/ping", {})[0]["code"], 0)

    def test_f_a_stub_created_in_the_form_answers(self):
        self.show("controls")
        self.fill("stub-form", {"method": "GET", "path": "/api/v1/banner-from-ui", "data": '{"title": "From the form"}'})
        wait(self.driver, 5, lambda: "/api/v1/banner-from-ui" in self.driver.find_element(By.ID, "stub-list").text, "stub not listed")
        envelope, _ = self.server.signed("GET", "/api/v1/banner-from-ui", {})
        self.assertEqual(envelope["code"], 0)
        self.assertEqual(envelope["data"], {"title": "From the form"})
        self.driver.find_element(By.CSS_SELECTOR, "#stub-list button").click()
        wait(self.driver, 5, lambda: "banner-from-ui" not in self.driver.find_element(By.ID, "stub-list").text, "stub not deleted")
        self.assertEqual(self.server.signed("GET", "/api/v1/banner-from-ui", {})[0]["code"], 10404)

    def test_g_the_list_filters_and_is_screenshotted(self):
        for page in range(3):
            self.server.signed("GET", "/api/v1/games", {"page": str(page + 1)})
        self.server.signed("POST", "/api/v1/users/login", {"phone": "13800000000", "password": "wrong"})
        _, last = self.server.signed("GET", "/api/v1/ping", {"push": "1"}, signed_params={"push": "true"})
        wait(self.driver, 5, lambda: self.row(last), "requests never appeared")
        Select(self.driver.find_element(By.ID, "filter-verdict")).select_by_visible_text("invalid")
        rows = self.driver.find_elements(By.CSS_SELECTOR, ".viewport .row")
        wait(self.driver, 2, lambda: all(r.find_element(By.CSS_SELECTOR, ".badge").text == "invalid"
                                         for r in self.driver.find_elements(By.CSS_SELECTOR, ".viewport .row")), "verdict filter")
        Select(self.driver.find_element(By.ID, "filter-verdict")).select_by_visible_text("any")
        self.assertGreater(len(rows), 0)
        if self.driver.find_element(By.ID, "detail").is_displayed():
            self.driver.find_element(By.CSS_SELECTOR, "#detail .close").click()
        self.screenshot("list")

    def test_h_a_flood_keeps_the_list_bounded_and_the_tab_responsive(self):
        self.driver.execute_script("""
            window.__longestTask = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) window.__longestTask = Math.max(window.__longestTask, entry.duration);
            }).observe({ type: "longtask", buffered: false });""")
        count = self.driver.find_element(By.ID, "list-count")
        held = lambda: int(count.text.split(" of ")[1].split()[0])
        rates = []
        # Bursts of 500, one poll's worth, each waited for: a poll shows every request up to
        # 1,000 a second, and these may come faster.
        for _ in range(6):
            expected = min(2000, held() + 500)
            rates.append(self.server.flood(500, threads=5))
            wait(self.driver, 10, lambda: held() == expected, "the list did not take a burst: " + count.text)
        rate = sum(rates) / len(rates)
        self.assertEqual(count.text, "2000 of 2000 shown")
        wait(self.driver, 5, lambda: "older rows let go by this view" in self.driver.find_element(By.ID, "dropped").text, "eviction not said")
        rows = self.driver.execute_script("return document.querySelectorAll('#list-viewport .row').length")
        self.assertLess(rows, 80, "rows are drawn for the view only")
        longest = self.driver.execute_script("return window.__longestTask")
        print("\n  3000 pings in bursts of 500 at %.0f requests/s: %d rows in the document, longest task %.0f ms" % (rate, rows, longest), file=sys.stderr)
        self.assertLess(longest, 1000, "the tab froze for a second")
        # Still responsive: a click opens the newest request at once.
        self.driver.find_element(By.CSS_SELECTOR, "#list-viewport .row").click()
        wait(self.driver, 2, lambda: self.driver.find_element(By.ID, "detail").is_displayed(), "no detail")
        self.driver.find_element(By.CSS_SELECTOR, "#detail .close").click()

    def test_i_a_phone_sized_screen_shows_everything_without_scrolling_sideways(self):
        self.driver.set_window_size(390, 844)
        try:
            overflow = "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
            wait(self.driver, 5, lambda: self.driver.execute_script(overflow) <= 0, "the page is wider than a phone")
            _, request_id = self.server.signed("GET", "/api/v1/ping", {"push": "1"}, signed_params={"push": "true"})
            detail = self.open(request_id)
            self.assertLessEqual(self.driver.execute_script(overflow), 0)
            self.assertFalse(self.driver.find_element(By.CSS_SELECTOR, ".list").is_displayed(), "the detail takes the screen")
            self.assertTrue(detail.find_element(By.CSS_SELECTOR, ".cause-name").is_displayed())
            self.driver.find_element(By.CSS_SELECTOR, "#detail .close").click()
            for view in ["controls", "config"]:
                self.show(view)
                self.assertLessEqual(self.driver.execute_script(overflow), 0, view)
        finally:
            self.driver.set_window_size(1280, 800)


@unittest.skipUnless(non_loopback_address(), "this machine has no non-loopback IPv4 address (hostname -I)")
class RemoteAccessTests(unittest.TestCase):
    """From a non-loopback address: the page shell loads, every data call needs the token."""

    def test_without_the_token_the_data_calls_are_refused(self):
        address = non_loopback_address()
        server = Server(host="0.0.0.0", admin_token="browser-admin-token")
        driver = browser()
        try:
            for path in ["/__admin/requests", "/__admin/config", "/__admin/pins", "/__admin/faults"]:
                self.assertEqual(server.request("GET", path, host=address)[0], 401, path)
            driver.get(server.url(address) + "/__admin/ui")
            prompt = driver.find_element(By.ID, "token-prompt")
            wait(driver, 10, prompt.is_displayed, "no token prompt")
            self.assertTrue(driver.find_element(By.ID, "view-requests").get_attribute("hidden") is not None)
            status = driver.execute_script("return fetch('/__admin/requests').then((r) => r.status)")
            self.assertEqual(status, 401)
            driver.find_element(By.ID, "token-input").send_keys("browser-admin-token", Keys.ENTER)
            wait(driver, 10, lambda: driver.find_element(By.ID, "status").text == "Live", "the token did not open the list")
            self.assertEqual(driver.execute_script("return sessionStorage.getItem('countersign.adminToken')"), "browser-admin-token")
        finally:
            driver.quit()
            server.stop()

    def test_without_an_admin_token_set_the_page_is_refused(self):
        address = non_loopback_address()
        server = Server(host="0.0.0.0")
        try:
            for path in ["/__admin/ui", "/__admin/ui/app.js", "/__admin/requests"]:
                self.assertEqual(server.request("GET", path, host=address)[0], 403, path)
            self.assertEqual(server.request("GET", "/__admin/ui")[0], 200)
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main(verbosity=2)
