/// The console's style sheet: light and dark (`prefers-color-scheme`), laptop and phone widths.
enum ConsoleStyle {
    /// `/__admin/ui/console.css`.
    static let css = #"""
:root {
  --bg: #f6f7f9; --fg: #1b1f24; --muted: #5b6572; --card: #ffffff; --line: #d7dce2;
  --accent: #1f5fbf; --ok: #1d7a3a; --bad: #b42318; --warn: #9a6700; --skip: #5b6572;
  --mark: #ffd8a8; --key: #1f5fbf; --row: 30px;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #101418; --fg: #e6e9ed; --muted: #9aa5b1; --card: #181d23; --line: #2d353e;
    --accent: #6ea8fe; --ok: #56c271; --bad: #ff7b72; --warn: #e3b341; --skip: #9aa5b1;
    --mark: #7a4b00; --key: #6ea8fe;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
code, .mono, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 13px; }
button, input, select, textarea { font: inherit; color: inherit; }
input, select, textarea { background: var(--card); border: 1px solid var(--line); border-radius: 4px; padding: 4px 6px; }
button { background: var(--card); border: 1px solid var(--line); border-radius: 4px; padding: 4px 10px; cursor: pointer; }
button:hover { border-color: var(--accent); }
button[aria-pressed="true"] { background: var(--accent); color: var(--card); }
button.danger { color: var(--bad); border-color: var(--bad); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
[hidden] { display: none !important; }

.bar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 8px 16px;
  background: var(--card); border-bottom: 1px solid var(--line); }
.bar h1 { font-size: 16px; margin: 0; }
.tabs { display: flex; flex-wrap: wrap; gap: 4px; }
.tab[aria-current="page"] { border-color: var(--accent); color: var(--accent); font-weight: 600; }
.status { margin: 0 0 0 auto; color: var(--muted); }
main { padding: 12px 16px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 12px 16px; }
.card h2 { font-size: 15px; margin: 0 0 8px; }
.prompt { max-width: 32rem; margin: 10vh auto; }
.prompt form { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
.hint, .empty, .count { color: var(--muted); }
.error { color: var(--bad); margin: 4px 0 0; white-space: pre-wrap; }
.error:empty { display: none; }
.warning { color: var(--warn); font-weight: 600; }

.toolbar { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: end; margin-bottom: 8px; }
.toolbar label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); gap: 2px; }
.split { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; }
.split.open { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
.list { background: var(--card); border: 1px solid var(--line); border-radius: 6px; overflow: hidden; min-width: 0; }
.viewport { position: relative; height: calc(100vh - 190px); min-height: 240px; overflow-y: auto; contain: strict; }
.spacer { width: 1px; }
.row { display: grid; align-items: center; height: var(--row); padding: 0 8px; gap: 8px; white-space: nowrap;
  grid-template-columns: 100px 56px minmax(120px, 1fr) 52px 70px 56px 44px 56px minmax(60px, 160px); }
.row > span { overflow: hidden; text-overflow: ellipsis; }
.row.head { font-size: 12px; color: var(--muted); border-bottom: 1px solid var(--line); }
.viewport .row { position: absolute; left: 0; right: 0; top: 0; cursor: pointer; border-bottom: 1px solid var(--line); }
.viewport .row:hover { background: color-mix(in srgb, var(--accent) 8%, transparent); }
.viewport .row[aria-selected="true"] { background: color-mix(in srgb, var(--accent) 18%, transparent); }
.path { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
.badge { display: inline-block; padding: 0 6px; border-radius: 9px; font-size: 12px; font-weight: 600; border: 1px solid currentColor; }
.badge.valid { color: var(--ok); } .badge.invalid { color: var(--bad); }
.badge.missing { color: var(--warn); } .badge.skipped { color: var(--skip); }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.code-error { color: var(--bad); }

.detail { position: relative; overflow: auto; max-height: calc(100vh - 150px); }
.detail h2 { font-size: 15px; word-break: break-all; padding-right: 64px; }
.detail h3 { font-size: 13px; margin: 16px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.detail .close { position: absolute; top: 10px; right: 12px; }
.pairs { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 12px; margin: 0; }
.pairs dt { color: var(--muted); }
.pairs dd { margin: 0; word-break: break-all; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
.canonical { white-space: pre-wrap; word-break: break-all; padding: 8px; border: 1px solid var(--line); border-radius: 4px; margin: 0; }
.canonical .k { color: var(--key); font-weight: 700; }
.canonical .v { background: color-mix(in srgb, var(--fg) 7%, transparent); }
.cause { border-left: 4px solid var(--bad); padding: 6px 10px; margin: 0; background: color-mix(in srgb, var(--bad) 8%, transparent); }
.cause strong { display: block; }
.diff { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.diff figure { margin: 0; min-width: 0; }
.diff figcaption { font-size: 12px; color: var(--muted); margin-bottom: 2px; }
mark.first-difference { background: var(--mark); color: inherit; outline: 1px solid var(--bad); }
.actions { display: flex; flex-wrap: wrap; gap: 8px; }
.copied { color: var(--ok); }

.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 12px; align-items: start; }
.fields { display: grid; grid-template-columns: repeat(auto-fit, minmax(130px, 1fr)); gap: 8px; align-items: end; margin-bottom: 12px; }
.fields label { display: flex; flex-direction: column; gap: 2px; font-size: 12px; color: var(--muted); }
.fields label.check { flex-direction: row; align-items: center; gap: 6px; }
.fields .wide, .fields p { grid-column: 1 / -1; }
.items { list-style: none; padding: 0; margin: 0; }
.items li { display: flex; gap: 8px; align-items: center; justify-content: space-between; padding: 4px 0; border-top: 1px solid var(--line); }
.items code { word-break: break-all; }
.items .inline { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; min-width: 0; }
.items .state { font-weight: 600; }
.items .operations { list-style: none; padding: 0 0 0 12px; margin: 4px 0 0; font-size: 12px; }
.items .operations li { border-top: none; padding: 0; }
.header-names { display: flex; flex-wrap: wrap; gap: 4px 10px; }
.near-misses { padding-left: 20px; }
.near-misses li { word-break: break-word; }

@media (max-width: 760px) {
  :root { --row: 46px; }
  main { padding: 8px; }
  .row { grid-template-columns: 56px minmax(0, 1fr) 64px 48px; grid-template-rows: 1fr 1fr; row-gap: 0; }
  .row > .c-time { grid-row: 1; grid-column: 1; }
  .row > .c-method { grid-row: 2; grid-column: 1; }
  .row > .c-path { grid-row: 1; grid-column: 2 / 5; }
  .row > .c-verdict { grid-row: 2; grid-column: 2; }
  .row > .c-code { grid-row: 2; grid-column: 3; }
  .row > .c-status { grid-row: 2; grid-column: 4; }
  .row > .c-proto, .row > .c-latency, .row > .c-device { display: none; }
  .row.head { display: none; }
  .split.open { grid-template-columns: minmax(0, 1fr); }
  .split.open .list { display: none; }
  .detail { max-height: none; }
  .diff { grid-template-columns: 1fr; }
  .viewport { height: calc(100vh - 230px); }
}
"""#
}
