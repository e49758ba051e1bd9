"""Browser tests of a request's detail in the console: the signature diagnosis, parameters shown as
text, near misses, the protocol.
Shared helpers in console_support.py; run by scripts/browser-test.sh.
"""

import json
import os
import re
import shlex
import subprocess
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from console_support import BINARY, ConsoleTestCase, SECRET, signed_headers, wait


class RequestDetailTests(ConsoleTestCase):
    """What the detail of one request shows."""

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
        self.assertEqual(self.driver.execute_script("return document.scripts.length"), 8)

    def test_l_near_misses_are_shown_in_the_detail(self):
        status, stub = self.admin("POST", "/__admin/stubs", {"request": {"method": "GET", "path": "/api/v1/ui-coupons",
                                                                         "params": {"kind": "<b>gold</b>"}}, "response": {"data": []}})
        self.assertEqual(status, 201)
        envelope, request_id = self.server.signed("GET", "/api/v1/ui-coupons", {"kind": "silver"})
        self.assertEqual(envelope["code"], 10404)
        detail = self.open(request_id)
        misses = [item.text for item in detail.find_elements(By.CSS_SELECTOR, ".near-misses li")]
        self.assertEqual(misses, envelope["data"]["near_misses"])
        self.assertIn("param 'kind' was 'silver', the stub wants '<b>gold</b>'", misses[0])
        self.assertEqual(detail.find_elements(By.CSS_SELECTOR, ".near-misses b"), [])
        self.admin("DELETE", "/__admin/stubs/%d" % stub["id"])

    def test_m_the_protocol_column_and_the_header_names_say_h2_or_http_1_1(self):
        headers = signed_headers({})
        command = ["curl", "-s", "--http2", "--cacert", os.path.join(self.server.folder, "certs", "ca.pem"),
                   "--resolve", "localhost:%d:127.0.0.1" % self.server.port, "-D", "-", "-o", "/dev/null"]
        for name, value in headers.items():
            command += ["-H", "%s: %s" % (name, value)]
        answer = subprocess.run(command + ["https://localhost:%d/api/v1/ping" % self.server.port],
                                capture_output=True, text=True, timeout=30)
        self.assertEqual(answer.returncode, 0, answer.stderr)
        self.assertTrue(answer.stdout.startswith("HTTP/2 200"), answer.stdout)
        h2 = re.search(r"^x-request-id: *(\S+)", answer.stdout, re.MULTILINE | re.IGNORECASE).group(1)
        _, http1 = self.server.signed("GET", "/api/v1/ping", {})
        for request_id, protocol, name in [(h2, "h2", "x-api-version"), (http1, "http/1.1", "X-Api-Version")]:
            wait(self.driver, 5, lambda: self.row(request_id), "the request never appeared")
            self.assertEqual(self.row(request_id).find_element(By.CSS_SELECTOR, ".c-proto").text, protocol)
            detail = self.open(request_id)
            names = [code.text for code in detail.find_elements(By.CSS_SELECTOR, ".header-names code")]
            self.assertIn(name, names)
            self.assertIn(protocol, [value.text for value in detail.find_elements(By.CSS_SELECTOR, "dd")])
            self.driver.find_element(By.CSS_SELECTOR, "#detail .close").click()


if __name__ == "__main__":
    unittest.main(verbosity=2)
