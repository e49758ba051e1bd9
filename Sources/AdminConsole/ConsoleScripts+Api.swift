extension ConsoleScripts {
    /// `/__admin/ui/api.js`: the admin API calls, with the token kept in the tab.
    static let api = #"""
"use strict";
// The admin API, the console's only back end. Every call sends the admin token kept in this
// tab (session storage), if one was entered; a 401 or 403 asks the page for one.
const Api = (() => {
  const storageKey = "countersign.adminToken";
  let authNeeded = () => {};

  class ApiError extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  function token() {
    return sessionStorage.getItem(storageKey);
  }

  function setToken(value) {
    if (value) sessionStorage.setItem(storageKey, value);
    else sessionStorage.removeItem(storageKey);
  }

  // METHOD path with an optional JSON body; resolves to the parsed answer (null for 204).
  function call(method, path, body) {
    return send(method, path, body === undefined ? undefined : JSON.stringify(body));
  }

  // METHOD path with `text` as its JSON body, sent as it is (an OpenAPI document the server parses).
  async function send(method, path, text) {
    const headers = {};
    const sent = token();
    if (sent) headers["X-Admin-Token"] = sent;
    if (text !== undefined) headers["Content-Type"] = "application/json";
    let response;
    try {
      response = await fetch(path, { method, headers, body: text, cache: "no-store", credentials: "omit" });
    } catch (error) {
      throw new ApiError(0, "the server cannot be reached");
    }
    const answer = await response.text();
    let json = null;
    if (answer) {
      try { json = JSON.parse(answer); } catch (error) { json = null; }
    }
    if (!response.ok) {
      const message = json && typeof json.error === "string" ? json.error : "HTTP " + response.status;
      if (response.status === 401 || response.status === 403) authNeeded(response.status, message);
      throw new ApiError(response.status, message);
    }
    return json;
  }

  return {
    ApiError, call, send, token, setToken,
    onAuthNeeded(handler) { authNeeded = handler; },
  };
})();
"""#
}
