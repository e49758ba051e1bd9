"""Browser tests of the console's mocks view: stubs, scenarios and OpenAPI imports made from the page.
Shared helpers in console_support.py; run by scripts/browser-test.sh.
"""

import json
import os
import unittest

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from console_support import ConsoleTestCase, wait


class MocksTests(ConsoleTestCase):
    """The mocks view."""

    def stub_item(self, text):
        """The listed stub whose text has `text`, or None (also while the list is redrawn)."""
        try:
            return next((item for item in self.driver.find_elements(By.CSS_SELECTOR, "#stub-list li") if text in item.text), None)
        except StaleElementReferenceException:
            return None

    def test_f_a_stub_created_in_the_form_answers(self):
        self.show("mocks")
        # The server's refusal, word for word: the same stub posted directly gets the same message.
        self.fill("stub-form", {"method": "GET", "path": "/api/v1/banner-from-ui/{id}", "params": "lang=~(", "data": "[1]"})
        error = self.driver.find_element(By.CSS_SELECTOR, "#stub-form .error")
        wait(self.driver, 5, lambda: error.text, "the server's refusal was not shown")
        status, refusal = self.admin("POST", "/__admin/stubs", {"request": {"method": "GET", "path": "/api/v1/banner-from-ui/{id}",
                                                                         "params": {"lang": {"matches": "("}}}, "response": {"data": [1]}})
        self.assertEqual(status, 400)
        self.assertEqual(error.text, refusal["error"])
        self.assertIn("request.params.lang.matches", error.text)
        self.fill("stub-form", {"method": "GET", "path": "/api/v1/banner-from-ui/{id}", "params": "lang=en\nbeta?\n!debug",
                                "message": "Banner {{path.id}}", "data": '{"title": "From the form", "id": "{{path.id}}"}',
                                "http_status": "201", "priority": "3", "times": "5"})
        wait(self.driver, 5, lambda: self.stub_item("/api/v1/banner-from-ui/{id}"), "stub not listed")
        listed = self.stub_item("/api/v1/banner-from-ui/{id}").text
        for part in ["GET /api/v1/banner-from-ui/{id}", "params lang=en, beta?, !debug", "answers code 0 HTTP 201 Banner {{path.id}}",
                     "priority 3", "5 left", "source runtime"]:
            self.assertIn(part, listed)
        _, stubs = self.admin("GET", "/__admin/stubs")
        stored = next(stub for stub in stubs["stubs"] if "request" in stub and stub["request"]["path"] == "/api/v1/banner-from-ui/{id}")
        self.assertEqual(stored["request"]["params"], {"lang": "en", "beta": {"present": True}, "debug": {"absent": True}})
        self.assertEqual(stored["priority"], 3)
        envelope, _ = self.server.signed("GET", "/api/v1/banner-from-ui/7", {"lang": "en", "beta": "1"})
        self.assertEqual((envelope["code"], envelope["message"]), (0, "Banner 7"))
        self.assertEqual(envelope["data"], {"title": "From the form", "id": "7"})
        self.assertEqual(self.server.signed("GET", "/api/v1/banner-from-ui/7", {"lang": "fr", "beta": "1"})[0]["code"], 10404)
        # A stub in the flat format is listed as well.
        status, flat = self.admin("POST", "/__admin/stubs", {"method": "POST", "path": "/api/v1/flat-from-api", "code": 30001,
                                                             "message": "Sold out", "auth": True})
        self.assertEqual(status, 201)
        self.show("controls")
        self.show("mocks")
        wait(self.driver, 5, lambda: self.stub_item("/api/v1/flat-from-api"), "flat stub not listed")
        self.assertIn("POST /api/v1/flat-from-api · answers code 30001 Sold out · priority 5 · auth · until deleted · source runtime",
                      self.stub_item("/api/v1/flat-from-api").text)
        for path in ["/api/v1/banner-from-ui/{id}", "/api/v1/flat-from-api"]:
            wait(self.driver, 5, lambda: self.stub_item(path), "stub not listed").find_element(By.TAG_NAME, "button").click()
            wait(self.driver, 5, lambda: not self.stub_item(path), "stub not deleted")
        self.assertEqual(self.server.signed("GET", "/api/v1/banner-from-ui/7", {"lang": "en", "beta": "1"})[0]["code"], 10404)

    def scenario_state(self, name):
        """The state the list shows for scenario `name`, or None (also while the list is redrawn)."""
        try:
            items = self.driver.find_elements(By.CSS_SELECTOR, '#scenario-list form[data-scenario="%s"] .state' % name)
            return items[0].text if items else None
        except StaleElementReferenceException:
            return None

    def test_j_a_scenario_is_shown_and_its_state_set_from_the_page(self):
        for state, data in [("Started", []), ("shipped", [{"id": 1, "status": "shipped"}])]:
            status, _ = self.admin("POST", "/__admin/stubs", {"scenario": {"name": "ui-orders", "state": state},
                                                              "request": {"method": "GET", "path": "/api/v1/ui-orders"},
                                                              "response": {"data": data}})
            self.assertEqual(status, 201)
        self.show("mocks")
        wait(self.driver, 5, lambda: self.scenario_state("ui-orders") == "Started", "scenario not listed")
        self.assertIn("scenario ui-orders: Started → unchanged", self.stub_item("/api/v1/ui-orders").text)
        self.assertEqual(self.server.signed("GET", "/api/v1/ui-orders", {})[0]["data"], [])
        field = self.driver.find_element(By.CSS_SELECTOR, '#scenario-list form[data-scenario="ui-orders"] input')
        field.clear()
        field.send_keys("shipped", Keys.ENTER)
        wait(self.driver, 5, lambda: self.scenario_state("ui-orders") == "shipped", "state not set")
        self.assertEqual(self.admin("GET", "/__admin/scenarios/ui-orders")[1], {"name": "ui-orders", "state": "shipped"})
        self.assertEqual(self.server.signed("GET", "/api/v1/ui-orders", {})[0]["data"], [{"id": 1, "status": "shipped"}])
        self.driver.find_element(By.CSS_SELECTOR, '#scenario-list button[aria-label="Reset scenario ui-orders"]').click()
        wait(self.driver, 5, lambda: self.scenario_state("ui-orders") == "Started", "scenario not reset")
        self.assertEqual(self.server.signed("GET", "/api/v1/ui-orders", {})[0]["data"], [])
        # A state the server refuses shows its message; reset all puts a set state back.
        field = self.driver.find_element(By.CSS_SELECTOR, '#scenario-list form[data-scenario="ui-orders"] input')
        field.clear()
        field.send_keys("a/b", Keys.ENTER)
        error = self.driver.find_element(By.CSS_SELECTOR, "#scenarios-form .error")
        wait(self.driver, 5, lambda: error.text, "the refusal was not shown")
        self.assertEqual(error.text, self.admin("PUT", "/__admin/scenarios/ui-orders", {"state": "a/b"})[1]["error"])
        self.assertEqual(self.admin("PUT", "/__admin/scenarios/ui-orders", {"state": "shipped"})[0], 200)
        self.show("controls")
        self.show("mocks")
        wait(self.driver, 5, lambda: self.scenario_state("ui-orders") == "shipped", "state set by the API not shown")
        self.driver.find_element(By.CSS_SELECTOR, "#scenarios-form button[type=submit]").click()
        wait(self.driver, 5, lambda: self.scenario_state("ui-orders") == "Started", "reset all did not reset")
        self.assertEqual(self.server.signed("GET", "/api/v1/ui-orders", {})[0]["data"], [])

    def test_k_an_openapi_document_imported_from_the_page_answers_its_example_until_deleted(self):
        self.show("mocks")
        # A pasted document with a mistake: the server's message, word for word.
        broken = '{"openapi": "3.0.3", "info": {"title": "Broken", "version": "1"}, "paths": {"/x": {"get": {"responses": {"200": {"$ref": "#/nowhere"}}}}}}'
        self.driver.find_element(By.CSS_SELECTOR, '#import-form [name="document"]').send_keys(broken)
        self.driver.find_element(By.CSS_SELECTOR, "#import-form button[type=submit]").click()
        error = self.driver.find_element(By.CSS_SELECTOR, "#import-form .error")
        wait(self.driver, 5, lambda: error.text, "the refusal was not shown")
        status, refusal = self.admin("POST", "/__admin/imports", broken.encode())
        self.assertEqual(status, 400)
        self.assertEqual(error.text, refusal["error"])
        self.driver.find_element(By.CSS_SELECTOR, '#import-form [name="document"]').clear()
        document = {"openapi": "3.0.3", "info": {"title": "UI shop", "version": "1"}, "servers": [{"url": "/api/uishop"}],
                    "paths": {"/orders": {"get": {"responses": {"200": {"description": "The orders.", "content": {
                        "application/json": {"example": [{"id": 1, "sku": "A1"}]}}}}}}}}
        path = os.path.join(self.server.folder, "uishop.json")
        with open(path, "w") as file:
            json.dump(document, file)
        self.driver.find_element(By.CSS_SELECTOR, '#import-form [name="file"]').send_keys(path)
        self.driver.find_element(By.CSS_SELECTOR, "#import-form button[type=submit]").click()
        listing = lambda: self.driver.find_element(By.ID, "import-list").text
        wait(self.driver, 5, lambda: "UI shop" in listing(), "import not listed")
        self.assertIn("under /api/uishop", listing())
        self.assertIn("GET /api/uishop/orders", listing())
        self.assertEqual(error.text, "")
        self.screenshot("stubs")
        envelope, _ = self.server.signed("GET", "/api/uishop/orders", {})
        self.assertEqual((envelope["code"], envelope["data"]), (0, [{"id": 1, "sku": "A1"}]))
        _, imports = self.admin("GET", "/__admin/imports")
        shop = next(item for item in imports["imports"] if item["title"] == "UI shop")
        self.driver.find_element(By.CSS_SELECTOR, '#import-list button[aria-label="Delete import %d"]' % shop["id"]).click()
        wait(self.driver, 5, lambda: "UI shop" not in listing(), "import not deleted")
        self.assertEqual(self.server.signed("GET", "/api/uishop/orders", {})[0]["code"], 10404)


if __name__ == "__main__":
    unittest.main(verbosity=2)
