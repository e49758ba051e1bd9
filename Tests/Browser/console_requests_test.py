"""Browser tests of the console's live request list: requests appear, filter, and a flood stays bounded.
Shared helpers in console_support.py; run by scripts/browser-test.sh.
"""

import sys
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from console_support import ConsoleTestCase, wait


class RequestListTests(ConsoleTestCase):
    """The live list of requests."""

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


if __name__ == "__main__":
    unittest.main(verbosity=2)
