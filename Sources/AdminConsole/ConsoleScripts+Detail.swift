extension ConsoleScripts {
    /// `/__admin/ui/detail.js`: one request: the signature explained, the strings compared, the commands to copy.
    static let detail = #"""
"use strict";
// One request in full: what arrived (masked as in the journal), the canonical string with its
// keys and values, the signatures, and for a mismatch the likely cause and where the string the
// client most likely signed first differs from the server's.
const Detail = (() => {
  const { el, clear, pairs, valueText } = Render;
  const secretMarker = "<secret>";

  // The canonical string cut at each key, in order: [{key, value}] with the text before the
  // first key (a method or a secret) as a piece with an empty key.
  function pieces(canonical, keys) {
    const found = [];
    let position = 0;
    for (const key of keys) {
      const at = canonical.indexOf(key, position);
      if (at < 0) continue;
      found.push({ key, start: at });
      position = at + key.length;
    }
    const result = [];
    if (found.length === 0 || found[0].start > 0) result.push({ key: "", value: canonical.slice(0, found.length ? found[0].start : undefined) });
    found.forEach((piece, index) => {
      const end = index + 1 < found.length ? found[index + 1].start : canonical.length;
      result.push({ key: piece.key, value: canonical.slice(piece.start + piece.key.length, end) });
    });
    // The secret a scheme appends is not part of the last value.
    const last = result[result.length - 1];
    if (last.key && last.value.endsWith(secretMarker) && last.value.length > secretMarker.length) {
      last.value = last.value.slice(0, -secretMarker.length);
      result.push({ key: "", value: secretMarker });
    }
    return result;
  }

  function canonicalView(canonical, keys) {
    const block = el("pre", { className: "canonical", attrs: { "aria-label": "canonical string" } });
    for (const piece of pieces(canonical, keys || [])) {
      if (piece.key) block.append(el("span", { className: "k", text: piece.key }));
      if (piece.value) block.append(el("span", { className: "v", text: piece.value }));
    }
    return block;
  }

  // The index (in UTF-16 units of `a`, and of `b`) of the first differing byte of their UTF-8,
  // and that byte's offset; null when they are equal.
  function firstDifference(a, b) {
    const encoder = new TextEncoder();
    const left = encoder.encode(a);
    const right = encoder.encode(b);
    const length = Math.min(left.length, right.length);
    let byte = 0;
    while (byte < length && left[byte] === right[byte]) byte += 1;
    if (byte === left.length && byte === right.length) return null;
    // Back to the start of the character holding that byte, in both strings (the same prefix).
    while (byte > 0 && ((left[byte] ?? right[byte]) & 0xc0) === 0x80) byte -= 1;
    const prefix = new TextDecoder().decode(left.subarray(0, byte));
    return { byte, index: prefix.length };
  }

  function marked(text, index, caption) {
    const figure = el("figure", {}, [el("figcaption", { text: caption })]);
    const block = el("pre", { className: "canonical" });
    block.append(document.createTextNode(text.slice(0, index)));
    const character = String.fromCodePoint(text.codePointAt(index) ?? 0x2205);
    const rest = index < text.length ? index + character.length : text.length;
    block.append(el("mark", { className: "first-difference", text: index < text.length ? character : "(end)" }));
    block.append(document.createTextNode(text.slice(rest)));
    figure.append(block);
    return figure;
  }

  function diffView(client, server) {
    const difference = firstDifference(client, server);
    const section = el("div", {});
    if (!difference) {
      section.append(el("p", { text: "The two strings are equal: the client signed with another secret." }));
      return section;
    }
    section.append(el("p", { className: "difference-note",
      text: "First difference at byte " + difference.byte + " (marked)." }));
    section.append(el("div", { className: "diff" }, [
      marked(client, difference.index, "What the client most likely signed"),
      marked(server, difference.index, "What the server signed"),
    ]));
    return section;
  }

  function causeTitle(cause) {
    return cause === "unknown" ? "Unknown cause" : cause.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());
  }

  // The failure in words, the signatures, and the two strings side by side.
  function signatureView(entry) {
    const section = el("section", {}, [el("h3", { text: "Signature" })]);
    const diagnosis = entry.diagnosis;
    if (!diagnosis) {
      const words = { valid: "The signature matched.", missing: "No signature was sent.",
        invalid: "The signature did not match. The server records no diagnosis in --mode production.",
        skipped: "The signature was not checked: the request was refused before (code " + entry.code + ")." };
      section.append(el("p", { text: words[entry.verdict] || ("Verdict: " + entry.verdict) }));
      return section;
    }
    section.append(el("p", { className: "cause" }, [
      el("strong", { className: "cause-name", text: causeTitle(diagnosis.likely_cause) }),
      el("span", { className: "cause-detail", text: diagnosis.detail }),
    ]));
    section.append(pairs([["received", diagnosis.received], ["expected", diagnosis.expected ?? "(not recorded)"]]));
    section.append(el("h3", { text: "Canonical string (server)" }), canonicalView(diagnosis.canonical, diagnosis.keys));
    if (typeof diagnosis.client_canonical === "string") {
      section.append(el("h3", { text: "Client's string against the server's" }), diffView(diagnosis.client_canonical, diagnosis.canonical));
    } else {
      section.append(el("p", { className: "hint",
        text: "No known mistake reproduces the signature, so there is no client string to compare." }));
    }
    return section;
  }

  function show(panel, entry, onClose) {
    clear(panel);
    panel.hidden = false;
    const close = el("button", { className: "close", text: "Close", attrs: { type: "button", "aria-label": "Close the detail" } });
    close.addEventListener("click", onClose);
    panel.append(close, el("h2", { text: entry.method + " " + entry.path, attrs: { id: "detail-title" } }));
    panel.append(pairs([
      ["verdict", entry.verdict], ["code", entry.code ?? "none"], ["HTTP status", entry.http_status ?? "none (connection closed)"],
      ["latency", typeof entry.latency_ms === "number" ? entry.latency_ms + " ms" : ""], ["protocol", entry.protocol ?? "not recorded"],
      ["time", new Date(entry.time_ms).toISOString()], ["request id", entry.request_id],
      ["client certificate", entry.client_subject ?? "none"],
    ]));
    panel.append(el("h3", { text: "Headers (signed, as received)" }), pairs(Object.entries(entry.headers || {})));
    if (Array.isArray(entry.header_names)) {
      panel.append(el("h3", { text: "Header names as received (in order; HTTP/2 sends them in lowercase)" }),
        el("p", { className: "header-names" }, entry.header_names.map((name) => el("code", { text: name }))));
    }
    if (Array.isArray(entry.near_misses) && entry.near_misses.length) {
      panel.append(el("h3", { text: "Near misses (the closest stubs first, and the condition each failed)" }),
        el("ol", { className: "near-misses" }, entry.near_misses.map((miss) => el("li", { text: valueText(miss) }))));
    }
    const params = Object.entries(entry.params || {});
    panel.append(el("h3", { text: "Parameters" }), params.length ? pairs(params) : el("p", { className: "hint", text: "none" }));
    panel.append(signatureView(entry));
    panel.append(el("h3", { text: "Reproduce" }), el("div", { className: "actions" }, [
      Render.copyButton("Copy as curl", () => Commands.curl(entry)),
      Render.copyButton("Copy as countersign call", () => Commands.call(entry)),
    ]));
    panel.focus();
  }

  return { show, pieces, firstDifference };
})();

// The request as a command line: `curl` replays what the journal holds (the token shortened, the
// signature as received); `countersign call` signs it afresh as the app would.
const Commands = (() => {
  function quote(text) {
    return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : "'" + String(text).replace(/'/g, "'\\''") + "'";
  }

  function parameterList(entry) {
    return Object.entries(entry.params || {}).map(([name, value]) => [name, Render.valueText(value)]);
  }

  function curl(entry) {
    const form = parameterList(entry).map(([n, v]) => encodeURIComponent(n) + "=" + encodeURIComponent(v)).join("&");
    const get = entry.method === "GET" || entry.method === "DELETE";
    const url = location.origin + entry.path + (get && form ? "?" + form : "");
    const parts = ["curl", "--cacert", "server-certs/ca.pem", "-X", entry.method, quote(url)];
    for (const [name, value] of Object.entries(entry.headers || {})) parts.push("-H", quote(name + ": " + value));
    if (entry.diagnosis) parts.push("-H", quote("X-SIGNATURE: " + entry.diagnosis.received));
    if (!get && form) parts.push("--data", quote(form));
    return parts.join(" ");
  }

  function call(entry) {
    const parts = ["countersign", "call", entry.method, quote(entry.path), "--host", quote(location.hostname),
      "--port", location.port || "443"];
    for (const [name, value] of parameterList(entry)) parts.push("-d", quote(name + "=" + value));
    const headers = Object.fromEntries(Object.entries(entry.headers || {}).map(([n, v]) => [n.toLowerCase(), v]));
    if (headers["x-device-id"]) parts.push("--device-id", quote(headers["x-device-id"]));
    if (!headers.authorization) parts.push("--no-token");
    return parts.join(" ");
  }

  return { curl, call };
})();
"""#
}
