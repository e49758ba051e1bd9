extension ConsoleScripts {
    /// `/__admin/ui/app.js`: the views, the token prompt and the polling.
    static let app = #"""
"use strict";
// The page: the views, the token prompt, and the live list fed by polling the journal.
(() => {
  const pollInterval = 500;      // ms between two polls
  const overlap = 1000;          // ms each poll reaches back: entries reach the journal a little after their time
  const pollLimit = 500;         // entries per poll at most: every request is shown up to 1,000 a second
  const $ = (id) => document.getElementById(id);
  const status = (text) => { $("status").textContent = text; };

  const split = document.querySelector(".split");
  const closeDetail = () => {
    $("detail").hidden = true;
    split.classList.remove("open");
    $("list-viewport").focus();
  };
  const list = new RequestList($("list-viewport"), $("list-spacer"), (entry) => {
    split.classList.add("open");
    Detail.show($("detail"), entry, closeDetail);
  });
  const mocks = Mocks.setUp(status);
  const controls = Controls.setUp(status, mocks.load);
  const configuration = Configuration.setUp();

  // Polling: `since` is inclusive and in milliseconds, so each poll asks again for the last
  // `overlap` ms and skips the request ids it already has.
  let newest = null;
  let paused = false;
  let polling = false;
  let authorized = true;
  const seen = new Map();

  async function poll() {
    if (paused || polling || !authorized) return;
    polling = true;
    try {
      const since = newest === null ? "" : "&since=" + Math.max(0, newest - overlap);
      const answer = await Api.call("GET", "/__admin/requests?limit=" + pollLimit + since);
      const fresh = answer.requests.filter((entry) => !seen.has(entry.request_id));
      for (const entry of fresh) {
        seen.set(entry.request_id, entry.time_ms);
        newest = Math.max(newest ?? 0, entry.time_ms);
      }
      for (const [id, time] of seen) if (time < newest - 2 * overlap) seen.delete(id);
      list.add(fresh);
      const dropped = $("dropped");
      dropped.hidden = answer.dropped === 0 && list.evicted === 0;
      dropped.textContent = [answer.dropped ? answer.dropped + " entries dropped by the journal's budget" : "",
        list.evicted ? list.evicted + " older rows let go by this view" : ""].filter(Boolean).join(" · ");
      status(paused ? "Paused" : "Live");
    } catch (error) {
      if (error.status !== 401 && error.status !== 403) status("Cannot read the journal: " + error.message);
    } finally {
      polling = false;
    }
  }

  list.onDraw = (total) => {
    $("list-count").textContent = total + " of " + list.entries.length + " shown";
    $("list-empty").hidden = list.entries.length > 0;
  };

  function applyFilters() {
    const path = $("filter-path").value.trim();
    const matcher = path ? Render.globMatcher(path) : null;
    const verdict = $("filter-verdict").value;
    const code = $("filter-code").value.trim();
    const text = $("filter-text").value.trim().toLowerCase();
    list.setFilter((entry) => (!matcher || matcher.test(entry.path))
      && (!verdict || entry.verdict === verdict)
      && (!code || String(entry.code) === code)
      && (!text || JSON.stringify(entry).toLowerCase().includes(text)));
  }

  for (const id of ["filter-path", "filter-verdict", "filter-code", "filter-text"]) {
    $(id).addEventListener("input", applyFilters);
    $(id).addEventListener("change", applyFilters);
  }
  $("filters").addEventListener("submit", (event) => event.preventDefault());
  $("pause").addEventListener("click", () => {
    paused = !paused;
    $("pause").setAttribute("aria-pressed", String(paused));
    $("pause").textContent = paused ? "Resume" : "Pause";
    status(paused ? "Paused" : "Live");
  });
  $("clear").addEventListener("click", async () => {
    try {
      await Api.call("DELETE", "/__admin/requests");
      list.clear();
      seen.clear();
      closeDetail();
    } catch (error) {
      status("Cannot clear the journal: " + error.message);
    }
  });

  // Views.
  const loaders = { requests: () => Promise.resolve(), controls: controls.load, mocks: mocks.load, config: configuration.load };
  function show(view) {
    for (const tab of document.querySelectorAll(".tab")) {
      if (tab.dataset.view === view) tab.setAttribute("aria-current", "page");
      else tab.removeAttribute("aria-current");
    }
    for (const name of Object.keys(loaders)) $("view-" + name).hidden = name !== view || !authorized;
    if (authorized) loaders[view]().catch((error) => status(error.message));
  }
  let current = "requests";
  for (const tab of document.querySelectorAll(".tab")) {
    tab.addEventListener("click", () => { current = tab.dataset.view; show(current); });
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("detail").hidden) closeDetail();
    else if (event.key === "/" && !event.target.closest("input, textarea, select")) {
      event.preventDefault();
      $("filter-text").focus();
    }
  });

  // Access: the shell holds no data; the admin API refuses calls without the token (401), or
  // from anywhere but loopback when the server has no token (403).
  Api.onAuthNeeded((code, message) => {
    authorized = false;
    show(current);
    $("token-prompt").hidden = false;
    $("token-message").textContent = code === 403
      ? "The server refused: " + message + "."
      : (Api.token() ? "The token was refused: " : "This server needs its admin token from this address: ") + message + ".";
    $("token-form").hidden = code === 403;
    status("Not connected");
  });
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    Api.setToken($("token-input").value);
    $("token-input").value = "";
    $("token-prompt").hidden = true;
    authorized = true;
    show(current);
    poll();
  });

  applyFilters();
  show(current);
  poll();
  setInterval(poll, pollInterval);
})();
"""#
}
