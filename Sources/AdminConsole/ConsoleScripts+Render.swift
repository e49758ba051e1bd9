extension ConsoleScripts {
    /// `/__admin/ui/render.js`: building elements, as text only.
    static let render = #"""
"use strict";
// Building the page's elements. Whatever came from a request is set as text (textContent),
// never parsed as HTML.
const Render = (() => {
  // A new `tag` element: `options.className`, `options.text` (as text), `options.attrs`; then `children`.
  function el(tag, options = {}, children = []) {
    const node = document.createElement(tag);
    if (options.className) node.className = options.className;
    if (options.text !== undefined && options.text !== null) node.textContent = String(options.text);
    for (const [name, value] of Object.entries(options.attrs || {})) node.setAttribute(name, value);
    for (const child of children) if (child) node.append(child);
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.firstChild.remove();
  }

  // "12:34:56.789", local time.
  function clock(milliseconds) {
    const date = new Date(milliseconds);
    const two = (n) => String(n).padStart(2, "0");
    return two(date.getHours()) + ":" + two(date.getMinutes()) + ":" + two(date.getSeconds()) + "."
      + String(date.getMilliseconds()).padStart(3, "0");
  }

  function badge(verdict) {
    return el("span", { className: "badge " + (verdict || ""), text: verdict || "?" });
  }

  // A text value for any JSON value: strings as they are, the rest as JSON.
  function valueText(value) {
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  // `<dl>` of name/value pairs, both as text.
  function pairs(entries) {
    const list = el("dl", { className: "pairs" });
    for (const [name, value] of entries) {
      list.append(el("dt", { text: name }), el("dd", { text: valueText(value) }));
    }
    return list;
  }

  // A path glob as in the admin API: `*` is any run of characters, slashes included.
  function globMatcher(pattern) {
    const escaped = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
    return new RegExp("^" + escaped.join(".*") + "$");
  }

  // Copies `text`; resolves when done. Falls back to a selected text area where the
  // asynchronous clipboard is refused.
  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch (error) {
      const area = el("textarea", { attrs: { readonly: "", "aria-hidden": "true" } });
      area.value = text;
      document.body.append(area);
      area.select();
      const copied = document.execCommand("copy");
      area.remove();
      if (!copied) throw new Error("the browser refused to copy");
    }
  }

  // A button that copies what `text()` returns and says so for a moment.
  function copyButton(label, text) {
    const button = el("button", { text: label, attrs: { type: "button" } });
    button.addEventListener("click", async () => {
      try {
        await copy(text());
        button.textContent = "Copied";
        button.classList.add("copied");
      } catch (error) {
        button.textContent = "Copy failed";
      }
      setTimeout(() => { button.textContent = label; button.classList.remove("copied"); }, 1500);
    });
    return button;
  }

  // Offers `bytes` (a Uint8Array or a string) as a file named `name`.
  function download(name, bytes, type) {
    const url = URL.createObjectURL(new Blob([bytes], { type }));
    const link = el("a", { attrs: { href: url, download: name } });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return { el, clear, clock, badge, valueText, pairs, globMatcher, copy, copyButton, download };
})();
"""#
}
