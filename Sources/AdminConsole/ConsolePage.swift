/// The console's page: the shell that loads the style sheet and the scripts (no inline script or style).
enum ConsolePage {
    /// `/__admin/ui`: the views, the forms and the token prompt; no data.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Countersign console</title>
<link rel="icon" href="/__admin/ui/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/__admin/ui/console.css">
<script src="/__admin/ui/api.js" defer></script>
<script src="/__admin/ui/render.js" defer></script>
<script src="/__admin/ui/list.js" defer></script>
<script src="/__admin/ui/detail.js" defer></script>
<script src="/__admin/ui/controls.js" defer></script>
<script src="/__admin/ui/mocks.js" defer></script>
<script src="/__admin/ui/config.js" defer></script>
<script src="/__admin/ui/app.js" defer></script>
</head>
<body>
<header class="bar">
  <h1>Countersign</h1>
  <nav class="tabs" aria-label="Views">
    <button type="button" class="tab" data-view="requests" aria-current="page">Requests</button>
    <button type="button" class="tab" data-view="controls">Controls</button>
    <button type="button" class="tab" data-view="mocks">Stubs</button>
    <button type="button" class="tab" data-view="config">Configuration</button>
  </nav>
  <p id="status" class="status" role="status" aria-live="polite"></p>
</header>

<main>
  <section id="token-prompt" class="card prompt" hidden aria-labelledby="token-title">
    <h2 id="token-title">Admin token</h2>
    <p id="token-message">This server asks for its admin token (<code>--admin-token</code>) from this address.</p>
    <form id="token-form">
      <label for="token-input">Token</label>
      <input id="token-input" type="password" autocomplete="off" required>
      <button type="submit">Use token</button>
    </form>
    <p class="hint">It is kept in this tab only (session storage) and sent as <code>X-Admin-Token</code>.</p>
  </section>

  <section id="view-requests" class="view" aria-label="Requests">
    <form id="filters" class="toolbar" role="search">
      <label>Path <input id="filter-path" type="search" placeholder="/api/v1/*" spellcheck="false"></label>
      <label>Verdict
        <select id="filter-verdict">
          <option value="">any</option>
          <option>valid</option><option>invalid</option><option>missing</option><option>skipped</option>
        </select>
      </label>
      <label>Code <input id="filter-code" type="search" inputmode="numeric" placeholder="10003" size="7"></label>
      <label>Text <input id="filter-text" type="search" placeholder="device, parameter…" spellcheck="false"></label>
      <button id="pause" type="button" aria-pressed="false">Pause</button>
      <button id="clear" type="button">Clear</button>
      <span id="list-count" class="count"></span>
      <span id="dropped" class="warning" hidden></span>
    </form>
    <div class="split">
      <div class="list">
        <div class="row head" aria-hidden="true">
          <span>Time</span><span>Method</span><span>Path</span><span>Proto</span><span>Verdict</span>
          <span>Code</span><span>HTTP</span><span>ms</span><span>Device</span>
        </div>
        <div id="list-viewport" class="viewport" tabindex="0" role="listbox" aria-label="Requests, newest first">
          <div id="list-spacer" class="spacer"></div>
        </div>
        <p id="list-empty" class="empty">No request yet. Requests under /api/ appear here as they arrive.</p>
      </div>
      <section id="detail" class="detail card" hidden aria-labelledby="detail-title" tabindex="-1"></section>
    </div>
  </section>

  <section id="view-controls" class="view" hidden aria-label="Controls">
    <div class="grid">
      <section class="card" aria-labelledby="faults-title">
        <h2 id="faults-title">Faults</h2>
        <form id="fault-form" class="fields" data-endpoint="/__admin/faults" data-list="fault-list">
          <label>Path <input name="path" required placeholder="/api/v1/users/*" spellcheck="false"></label>
          <label>Method <input name="method" placeholder="any" size="6"></label>
          <label>Code <input name="code" type="number" data-type="integer"></label>
          <label>Message <input name="message"></label>
          <label>HTTP status <input name="http_status" type="number" data-type="integer"></label>
          <label>Delay (ms) <input name="delay_ms" type="number" data-type="integer"></label>
          <label>Kind
            <select name="kind"><option value="">none</option><option>drop</option><option>reset</option>
              <option>malformed_json</option><option>slow_body</option></select>
          </label>
          <label>Duration (ms) <input name="duration_ms" type="number" data-type="integer"></label>
          <label>Times <input name="times" type="number" data-type="integer" placeholder="until deleted"></label>
          <button type="submit">Add fault</button>
          <p class="error" role="alert"></p>
        </form>
        <ul id="fault-list" class="items"></ul>
      </section>
      <section class="card" aria-labelledby="tokens-title">
        <h2 id="tokens-title">Tokens and reset</h2>
        <form id="expire-form" class="fields">
          <label>Expire
            <select name="selector"><option value="all">all tokens</option><option value="phone">by phone</option>
              <option value="token_prefix">by token prefix</option></select>
          </label>
          <label>Phone or prefix <input name="value" spellcheck="false" placeholder="13800000000 or 0a8c81db"></label>
          <button type="submit">Expire tokens</button>
          <p class="error" role="alert"></p>
        </form>
        <form id="reset-form" class="fields">
          <p>Reset restores the database to its seed; clears the journal, the faults, the run-time stubs and imports; and puts every scenario back in Started.</p>
          <button type="submit" class="danger">Reset everything</button>
          <p class="error" role="alert"></p>
        </form>
      </section>
    </div>
  </section>

  <section id="view-mocks" class="view" hidden aria-label="Stubs, scenarios and imports">
    <div class="grid">
      <section class="card" aria-labelledby="stubs-title">
        <h2 id="stubs-title">Stubs</h2>
        <form id="stub-form" class="fields" data-endpoint="/__admin/stubs" data-list="stub-list">
          <label>Method <input name="method" required value="GET" size="6" spellcheck="false"></label>
          <label>Path <input name="path" required placeholder="/api/v1/orders/{id}" spellcheck="false"></label>
          <label class="wide">Parameters (one name=value a line; name=~regex; name? present; !name absent)
            <textarea name="params" rows="2" spellcheck="false" placeholder="status=paid"></textarea></label>
          <label>Code <input name="code" type="number" placeholder="0"></label>
          <label>Message <input name="message"></label>
          <label class="wide">Data (JSON) <textarea name="data" rows="3" spellcheck="false" placeholder='{"id": "{{path.id}}"}'></textarea></label>
          <label>HTTP status <input name="http_status" type="number"></label>
          <label>Priority <input name="priority" type="number" placeholder="5"></label>
          <label>Delay (ms) <input name="delay_ms" type="number"></label>
          <label>Times <input name="times" type="number" placeholder="until deleted"></label>
          <label>Scenario <input name="scenario" placeholder="none" spellcheck="false"></label>
          <label>Required state <input name="state" placeholder="any" spellcheck="false"></label>
          <label>Next state <input name="next_state" placeholder="unchanged" spellcheck="false"></label>
          <label class="check"><input name="auth" type="checkbox"> Requires a token</label>
          <button type="submit">Add stub</button>
          <p class="error" role="alert"></p>
        </form>
        <ul id="stub-list" class="items"></ul>
      </section>
      <section class="card" aria-labelledby="scenarios-title">
        <h2 id="scenarios-title">Scenarios</h2>
        <p class="hint">Each starts in Started; a stub's next state moves it when the stub answers.</p>
        <ul id="scenario-list" class="items"></ul>
        <form id="scenarios-form" class="fields">
          <button type="submit">Reset all to Started</button>
          <p class="error" role="alert"></p>
        </form>
      </section>
      <section class="card" aria-labelledby="imports-title">
        <h2 id="imports-title">OpenAPI imports</h2>
        <form id="import-form" class="fields">
          <label class="wide">OpenAPI 3 document (JSON)
            <textarea name="document" rows="4" spellcheck="false" placeholder='{"openapi": "3.0.3", …}'></textarea></label>
          <label class="wide">or a file <input name="file" type="file" accept=".json,application/json"></label>
          <button type="submit">Import</button>
          <p class="error" role="alert"></p>
        </form>
        <ul id="import-list" class="items"></ul>
      </section>
    </div>
  </section>

  <section id="view-config" class="view" hidden aria-label="Configuration">
    <div class="grid">
      <section class="card" aria-labelledby="pins-title">
        <h2 id="pins-title">Certificates and pin</h2>
        <p>Bundle <code>server.cer</code> in the app to pin the certificate, or trust <code>ca.pem</code> on the device.</p>
        <dl class="pairs">
          <dt>SPKI pin (SHA-256, base64)</dt><dd><code id="pin-value">…</code> <button id="pin-copy" type="button">Copy pin</button></dd>
        </dl>
        <p><button id="download-cer" type="button">Download server.cer</button>
          <button id="download-ca" type="button">Download ca.pem</button></p>
        <p class="error" id="pins-error" role="alert"></p>
      </section>
      <section class="card" aria-labelledby="config-title">
        <h2 id="config-title">Effective configuration</h2>
        <p>Every setting as the server runs with it; secrets are redacted by the server.</p>
        <dl id="config-list" class="pairs"></dl>
      </section>
    </div>
  </section>
</main>
</body>
</html>
"""#
}
