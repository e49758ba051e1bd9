"""Browser tests of the console's controls view: faults made in its form.
Shared helpers in console_support.py; run by scripts/browser-test.sh.
"""

import unittest

from selenium.webdriver.common.by import By

from console_support import ConsoleTestCase, wait


class ControlsTests(ConsoleTestCase):
    """The controls view."""

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


if __name__ == "__main__":
    unittest.main(verbosity=2)
