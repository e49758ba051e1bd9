extension ConsoleScripts {
    /// `/__admin/ui/controls.js`: the faults, token and reset forms, and the registry listing that stubs share.
    static let controls = #"""
"use strict";
// Faults, token expiry and reset: forms that send the admin API's own fields and show the
// server's own message when it refuses them. The registry (list, delete, add) serves stubs too.
const Controls = (() => {
  const { el, clear } = Render;

  // The form's filled fields as the admin API's JSON: numbers, booleans and JSON where the
  // field says so (`data-type`); empty fields are left out. Throws on JSON that does not parse.
  function fields(form) {
    const body = {};
    for (const input of form.querySelectorAll("input[name], select[name], textarea[name]")) {
      const type = input.dataset.type;
      if (type === "bool") {
        if (input.checked) body[input.name] = true;
        continue;
      }
      const text = input.value.trim();
      if (text === "") continue;
      if (type === "integer") body[input.name] = Number(text);
      else if (type === "json") {
        try { body[input.name] = JSON.parse(text); } catch (error) { throw new Error("'" + input.name + "' is not valid JSON"); }
      } else body[input.name] = text;
    }
    return body;
  }

  // Runs `action` for `form`'s submission, showing its error (the server's message) in the form.
  function submitting(form, action) {
    const message = form.querySelector(".error");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      message.textContent = "";
      try {
        await action();
      } catch (error) {
        message.textContent = error.message;
      }
    });
  }

  function describe(item) {
    const { id, ...rest } = item;
    return Object.entries(rest).map(([name, value]) => name + "=" + Render.valueText(value)).join("  ");
  }

  // A registry (faults or stubs): the listing, one delete button per item, and the add form.
  // `options.body(form)` builds what is posted (the form's fields by default), `options.describe(item)`
  // the item's text, `options.changed()` runs after each change.
  class Registry {
    constructor(form, key, options = {}) {
      this.form = form;
      this.key = key;
      this.endpoint = form.dataset.endpoint;
      this.list = document.getElementById(form.dataset.list);
      this.describe = options.describe || describe;
      this.changed = options.changed || (() => Promise.resolve());
      const body = options.body || fields;
      submitting(form, async () => {
        await Api.call("POST", this.endpoint, body(form));
        await Promise.all([this.load(), this.changed()]);
      });
    }

    async load() {
      const answer = await Api.call("GET", this.endpoint);
      clear(this.list);
      const items = answer[this.key] || [];
      if (items.length === 0) this.list.append(el("li", { className: "hint", text: "none" }));
      for (const item of items) {
        const remove = el("button", { text: "Delete", attrs: { type: "button", "aria-label": "Delete " + this.key.slice(0, -1) + " " + item.id } });
        remove.addEventListener("click", async () => {
          try {
            await Api.call("DELETE", this.endpoint + "/" + item.id);
          } catch (error) {
            this.form.querySelector(".error").textContent = error.message;
          }
          await Promise.all([this.load(), this.changed()]);
        });
        this.list.append(el("li", {}, [el("code", { text: "#" + item.id + "  " + this.describe(item) }), remove]));
      }
    }
  }

  // The controls view; `onReset()` reloads what a reset changed elsewhere (stubs, scenarios, imports).
  function setUp(status, onReset) {
    const faults = new Registry(document.getElementById("fault-form"), "faults");
    const expire = document.getElementById("expire-form");
    submitting(expire, async () => {
      const selector = expire.elements.selector.value;
      const value = expire.elements.value.value.trim();
      const body = selector === "all" ? { all: true } : { [selector]: value };
      const answer = await Api.call("POST", "/__admin/tokens/expire", body);
      status("Expired " + answer.expired + " token" + (answer.expired === 1 ? "" : "s") + ".");
    });
    const reset = document.getElementById("reset-form");
    submitting(reset, async () => {
      await Api.call("POST", "/__admin/reset");
      status("Reset: seed data, empty journal, no faults, only file stubs, scenarios in Started.");
      await Promise.all([faults.load(), onReset()]);
    });
    return { load: () => faults.load() };
  }

  return { setUp, fields, submitting, Registry };
})();
"""#
}
