"""Browser tests of the console from another machine: the admin token guards every data call.
Shared helpers in console_support.py; run by scripts/browser-test.sh.
"""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from console_support import Server, browser, non_loopback_address, wait


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
