"""Browser tests of the admin console's page as a whole: it loads without errors and fits a phone.
Shared helpers in console_support.py; run by scripts/browser-test.sh.
"""

import unittest

from selenium.webdriver.common.by import By

from console_support import ConsoleTestCase, wait


class PageTests(ConsoleTestCase):
    """The page loads cleanly and every view fits a phone-sized screen."""

    def test_a_page_loads_without_console_errors(self):
        self.driver.get(self.server.url() + "/__admin/ui")
        wait(self.driver, 10, lambda: self.driver.find_element(By.ID, "status").text == "Live", "the list never went live")
        self.show("controls")
        wait(self.driver, 5, lambda: self.driver.find_elements(By.CSS_SELECTOR, "#fault-list li"), "faults never listed")
        self.show("mocks")
        wait(self.driver, 5, lambda: self.driver.find_elements(By.CSS_SELECTOR, "#scenario-list li"), "scenarios never listed")
        wait(self.driver, 5, lambda: self.driver.find_elements(By.CSS_SELECTOR, "#import-list li"), "imports never listed")
        self.show("config")
        wait(self.driver, 5, lambda: self.driver.find_element(By.ID, "pin-value").text != "…", "pin never shown")
        errors = [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(errors, [])

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
            for view in ["controls", "mocks", "config"]:
                self.show(view)
                self.assertLessEqual(self.driver.execute_script(overflow), 0, view)
        finally:
            self.driver.set_window_size(1280, 800)


if __name__ == "__main__":
    unittest.main(verbosity=2)
