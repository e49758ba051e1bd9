extension ConsoleScripts {
    /// `/__admin/ui/config.js`: the effective configuration and the pins.
    static let config = #"""
"use strict";
// The effective configuration (secrets redacted by the server) and the certificates an app
// pins: server.cer and ca.pem to download, the SPKI pin to copy.
const Configuration = (() => {
  const { el, clear } = Render;
  let pins = null;

  function bytes(base64) {
    const text = atob(base64);
    const result = new Uint8Array(text.length);
    for (let index = 0; index < text.length; index += 1) result[index] = text.charCodeAt(index);
    return result;
  }

  function flatten(value, prefix, into) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [name, member] of Object.entries(value)) flatten(member, prefix ? prefix + "." + name : name, into);
    } else {
      into.push([prefix, value]);
    }
    return into;
  }

  async function load() {
    const errors = document.getElementById("pins-error");
    errors.textContent = "";
    const list = document.getElementById("config-list");
    const config = await Api.call("GET", "/__admin/config");
    clear(list);
    for (const [name, value] of flatten(config, "", [])) list.append(el("dt", { text: name }), el("dd", { text: Render.valueText(value) }));
    try {
      pins = await Api.call("GET", "/__admin/pins");
      document.getElementById("pin-value").textContent = pins.spki_sha256;
    } catch (error) {
      pins = null;
      errors.textContent = error.message;
    }
  }

  function setUp() {
    document.getElementById("pin-copy").addEventListener("click", () => pins && Render.copy(pins.spki_sha256));
    document.getElementById("download-cer").addEventListener("click", () => {
      if (pins) Render.download("server.cer", bytes(pins.server_cer_base64), "application/pkix-cert");
    });
    document.getElementById("download-ca").addEventListener("click", () => {
      if (pins) Render.download("ca.pem", pins.ca_pem, "application/x-pem-file");
    });
    return { load };
  }

  return { setUp };
})();
"""#
}
