extension ConsoleScripts {
    /// `/__admin/ui/mocks.js`: the stubs (both formats listed, the request/response format created),
    /// the scenarios and the OpenAPI imports.
    static let mocks = #"""
"use strict";
// Stubs, scenarios and imports: what the stub engine answers with. Every refusal is the
// server's own message, shown as text.
const Mocks = (() => {
  const { el, clear, valueText } = Render;

  // A matcher as one short text: `name=value`, `name=~regex`, `name?` (present), `!name` (absent).
  function matcherText(name, matcher) {
    if (matcher !== null && typeof matcher === "object" && !Array.isArray(matcher)) {
      if ("equals" in matcher) return name + "=" + valueText(matcher.equals);
      if ("matches" in matcher) return name + "=~" + matcher.matches;
      if (matcher.present === true) return name + "?";
      if (matcher.absent === true) return "!" + name;
    }
    return name + "=" + valueText(matcher);
  }

  // A listed stub in either format (`request`/`response`, or the flat one with both at the top).
  function stubText(stub) {
    const request = stub.request || stub;
    const response = stub.response || stub;
    const parts = [(request.method || "?") + " " + (request.path || "?")];
    for (const kind of ["params", "headers", "body"]) {
      const matchers = Object.entries(request[kind] || {}).map(([name, matcher]) => matcherText(name, matcher));
      if (matchers.length) parts.push(kind + " " + matchers.join(", "));
    }
    const answer = ["code " + valueText(response.code ?? 0)];
    if (response.http_status !== undefined) answer.push("HTTP " + valueText(response.http_status));
    if (response.message !== undefined) answer.push(valueText(response.message));
    parts.push("answers " + answer.join(" "));
    if (response.data !== undefined) parts.push("data " + valueText(response.data));
    parts.push("priority " + (stub.priority ?? 5));
    const scenario = stub.scenario;
    if (scenario) parts.push("scenario " + scenario.name + ": " + (scenario.state ?? "any") + " → " + (scenario.next_state ?? "unchanged"));
    if (stub.auth) parts.push("auth");
    if (stub.delay_ms !== undefined) parts.push("delay " + stub.delay_ms + " ms");
    parts.push(stub.times === undefined ? "until deleted" : stub.times + " left");
    parts.push("source " + (stub.source || "?"));
    return parts.join(" · ");
  }

  // The parameter lines as matchers: `name=value`, `name=~regex`, `name?`, `!name`; blank lines skipped.
  function paramMatchers(text) {
    const matchers = {};
    text.split("\n").map((line) => line.trim()).forEach((line, index) => {
      if (line === "") return;
      const equals = line.indexOf("=");
      if (equals > 0) {
        const value = line.slice(equals + 1);
        matchers[line.slice(0, equals).trim()] = value.startsWith("~") ? { matches: value.slice(1) } : value;
      } else if (line.endsWith("?") && line.length > 1) matchers[line.slice(0, -1)] = { present: true };
      else if (line.startsWith("!") && line.length > 1) matchers[line.slice(1)] = { absent: true };
      else throw new Error("parameter line " + (index + 1) + " is not name=value, name=~regex, name? or !name");
    });
    return Object.keys(matchers).length ? matchers : undefined;
  }

  // The stub form as a stub in the request/response format; empty fields are left out.
  function stubBody(form) {
    const text = (name) => form.elements[name].value.trim();
    const number = (name) => (text(name) === "" ? undefined : Number(text(name)));
    const stub = {
      request: { method: text("method"), path: text("path"), params: paramMatchers(form.elements.params.value) },
      response: { code: number("code"), message: text("message") || undefined, http_status: number("http_status") },
      priority: number("priority"), delay_ms: number("delay_ms"), times: number("times"),
      auth: form.elements.auth.checked || undefined,
    };
    if (text("data") !== "") {
      try { stub.response.data = JSON.parse(text("data")); } catch (error) { throw new Error("'data' is not valid JSON"); }
    }
    if (text("scenario") || text("state") || text("next_state")) {
      stub.scenario = { name: text("scenario"), state: text("state") || undefined, next_state: text("next_state") || undefined };
    }
    return stub;
  }

  // The scenarios: each with its state, a field to set another, and a reset.
  class Scenarios {
    constructor(list, form) {
      this.list = list;
      this.error = form.querySelector(".error");
      Controls.submitting(form, async () => {
        await Api.call("DELETE", "/__admin/scenarios");
        await this.load();
      });
    }

    async load() {
      const answer = await Api.call("GET", "/__admin/scenarios");
      clear(this.list);
      if (answer.scenarios.length === 0) this.list.append(el("li", { className: "hint", text: "none: a stub's scenario appears here" }));
      for (const scenario of answer.scenarios) this.list.append(this.item(scenario));
    }

    item(scenario) {
      const path = "/__admin/scenarios/" + encodeURIComponent(scenario.name);
      const state = el("input", { attrs: { name: "state", required: "", spellcheck: "false", size: "10",
        "aria-label": "New state of " + scenario.name } });
      state.value = scenario.state;
      const reset = el("button", { text: "Reset", attrs: { type: "button", "aria-label": "Reset scenario " + scenario.name } });
      reset.addEventListener("click", () => this.run(() => Api.call("DELETE", path)));
      const form = el("form", { className: "inline", attrs: { "data-scenario": scenario.name } }, [
        el("code", { className: "name", text: scenario.name }),
        el("span", { className: "state", text: scenario.state }),
        state,
        el("button", { text: "Set", attrs: { type: "submit" } }),
        reset,
      ]);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.run(() => Api.call("PUT", path, { state: state.value.trim() }));
      });
      return el("li", {}, [form]);
    }

    async run(action) {
      this.error.textContent = "";
      try {
        await action();
      } catch (error) {
        this.error.textContent = error.message;
      }
      await this.load();
    }
  }

  function readText(file) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.onerror = () => reject(new Error("the file could not be read"));
      reader.readAsText(file);
    });
  }

  // The imports: each document's title, prefix and operations, with a delete button; a form
  // that posts a pasted or chosen document as it is.
  class Imports {
    constructor(list, form, status) {
      this.list = list;
      this.error = form.querySelector(".error");
      Controls.submitting(form, async () => {
        const file = form.elements.file.files[0];
        const text = file ? await readText(file) : form.elements.document.value;
        if (text.trim() === "") throw new Error("paste a document or choose a file");
        const imported = await Api.send("POST", "/__admin/imports", text);
        form.reset();
        status("Imported " + imported.title + ": " + imported.operations.length + " operations under " + imported.prefix + ".");
        await this.load();
      });
    }

    async load() {
      const answer = await Api.call("GET", "/__admin/imports");
      clear(this.list);
      if (answer.imports.length === 0) this.list.append(el("li", { className: "hint", text: "none" }));
      for (const document of answer.imports) {
        const operations = el("ul", { className: "operations" }, (document.operations || []).map((operation) => el("li", {}, [el("code", { text: operation })])));
        const remove = el("button", { text: "Delete", attrs: { type: "button", "aria-label": "Delete import " + document.id } });
        remove.addEventListener("click", async () => {
          this.error.textContent = "";
          try {
            await Api.call("DELETE", "/__admin/imports/" + document.id);
          } catch (error) {
            this.error.textContent = error.message;
          }
          await this.load();
        });
        this.list.append(el("li", { className: "import" }, [el("div", {}, [
          el("strong", { text: "#" + document.id + "  " + document.title }), el("span", { className: "hint", text: " under " + document.prefix }),
          operations,
        ]), remove]));
      }
    }
  }

  // The view; `load()` reads the stubs, the scenarios and the imports.
  function setUp(status) {
    const scenarios = new Scenarios(document.getElementById("scenario-list"), document.getElementById("scenarios-form"));
    const stubs = new Controls.Registry(document.getElementById("stub-form"), "stubs",
      { body: stubBody, describe: stubText, changed: () => scenarios.load() });
    const imports = new Imports(document.getElementById("import-list"), document.getElementById("import-form"), status);
    return { load: () => Promise.all([stubs.load(), scenarios.load(), imports.load()]) };
  }

  return { setUp, stubText, paramMatchers };
})();
"""#
}
