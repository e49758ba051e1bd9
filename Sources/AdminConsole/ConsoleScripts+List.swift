extension ConsoleScripts {
    /// `/__admin/ui/list.js`: the virtualized live list.
    static let list = #"""
"use strict";
// The live request list: at most `limit` entries, newest first, filtered in the tab, drawn as
// fixed-height rows of which only those in view exist in the document (a few dozen), so that
// hundreds of requests a second cost one redraw per animation frame.
class RequestList {
  constructor(viewport, spacer, onOpen, limit = 2000) {
    this.viewport = viewport;
    this.spacer = spacer;
    this.onOpen = onOpen;
    this.limit = limit;
    this.entries = [];      // newest first
    this.shown = [];        // the entries the filter keeps
    this.evicted = 0;       // entries let go because the list was full
    this.filter = () => true;
    this.selectedID = null;
    this.rows = [];         // the row elements in use, reused as the view scrolls
    this.pending = false;
    this.rowHeight = 30;
    viewport.addEventListener("scroll", () => this.schedule());
    window.addEventListener("resize", () => this.schedule(true));
    viewport.addEventListener("keydown", (event) => this.key(event));
    viewport.addEventListener("click", (event) => {
      const row = event.target.closest(".row");
      if (row && row.dataset.index !== undefined) this.select(Number(row.dataset.index), true);
    });
  }

  // Adds `entries` (newest first), newer than every entry held.
  add(entries) {
    if (entries.length === 0) return;
    this.entries = entries.concat(this.entries);
    const kept = entries.filter(this.filter);
    this.shown = kept.concat(this.shown);
    if (this.entries.length > this.limit) {
      this.evicted += this.entries.length - this.limit;
      this.entries.length = this.limit;
      this.refilter();
    }
    // Rows keep their place on screen when the user has scrolled down to read.
    const keepPlace = this.viewport.scrollTop > 0;
    if (keepPlace) this.viewport.scrollTop += kept.length * this.rowHeight;
    this.schedule();
  }

  setFilter(predicate) {
    this.filter = predicate;
    this.refilter();
    this.schedule();
  }

  refilter() {
    this.shown = this.entries.filter(this.filter);
  }

  clear() {
    this.entries = [];
    this.shown = [];
    this.evicted = 0;
    this.selectedID = null;
    this.schedule();
  }

  // One redraw per animation frame, however many entries arrive before it.
  schedule(measure = false) {
    if (measure) this.measured = false;
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.draw();
    });
  }

  measure() {
    const height = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--row"));
    if (height > 0) this.rowHeight = height;
    this.measured = true;
  }

  draw() {
    if (!this.measured) this.measure();
    const total = this.shown.length;
    this.spacer.style.height = total * this.rowHeight + "px";
    const first = Math.max(0, Math.floor(this.viewport.scrollTop / this.rowHeight) - 5);
    const count = Math.min(total - first, Math.ceil(this.viewport.clientHeight / this.rowHeight) + 10);
    while (this.rows.length < count) {
      const row = RequestList.row();
      this.viewport.append(row);
      this.rows.push(row);
    }
    while (this.rows.length > Math.max(count, 0)) this.rows.pop().remove();
    for (let offset = 0; offset < this.rows.length; offset += 1) {
      const index = first + offset;
      this.fill(this.rows[offset], this.shown[index], index);
    }
    this.onDraw?.(total);
  }

  static row() {
    const row = Render.el("div", { className: "row", attrs: { role: "option" } });
    for (const name of ["time", "method", "path", "proto", "verdict", "code", "status", "latency", "device"]) {
      row.append(Render.el("span", { className: "c-" + name }));
    }
    return row;
  }

  fill(row, entry, index) {
    const cells = row.children;
    row.dataset.index = String(index);
    row.dataset.requestId = entry.request_id;
    row.style.transform = "translateY(" + index * this.rowHeight + "px)";
    row.setAttribute("aria-selected", String(entry.request_id === this.selectedID));
    cells[0].textContent = Render.clock(entry.time_ms);
    cells[1].textContent = entry.method;
    cells[2].textContent = entry.path;
    cells[2].className = "c-path path";
    cells[2].title = entry.path;
    cells[3].textContent = entry.protocol || "";
    Render.clear(cells[4]);
    cells[4].append(Render.badge(entry.verdict));
    cells[5].textContent = entry.code ?? "-";
    cells[5].className = "c-code num" + (entry.code ? " code-error" : "");
    cells[6].textContent = entry.http_status ?? "-";
    cells[6].className = "c-status num";
    cells[7].textContent = typeof entry.latency_ms === "number" ? entry.latency_ms.toFixed(1) : "";
    cells[7].className = "c-latency num";
    cells[8].textContent = RequestList.device(entry);
  }

  static device(entry) {
    const headers = entry.headers || {};
    for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === "x-device-id") return value;
    return "";
  }

  selectedIndex() {
    return this.shown.findIndex((entry) => entry.request_id === this.selectedID);
  }

  select(index, open) {
    const entry = this.shown[index];
    if (!entry) return;
    this.selectedID = entry.request_id;
    const top = index * this.rowHeight;
    if (top < this.viewport.scrollTop) this.viewport.scrollTop = top;
    else if (top + this.rowHeight > this.viewport.scrollTop + this.viewport.clientHeight) {
      this.viewport.scrollTop = top + this.rowHeight - this.viewport.clientHeight;
    }
    this.schedule();
    if (open) this.onOpen(entry);
  }

  key(event) {
    const index = this.selectedIndex();
    const page = Math.max(1, Math.floor(this.viewport.clientHeight / this.rowHeight) - 1);
    const moves = { ArrowDown: index + 1, ArrowUp: index - 1, PageDown: index + page, PageUp: index - page,
      Home: 0, End: this.shown.length - 1, j: index + 1, k: index - 1 };
    if (event.key in moves) {
      event.preventDefault();
      this.select(Math.min(Math.max(moves[event.key], 0), this.shown.length - 1), true);
    } else if (event.key === "Enter" && index >= 0) {
      event.preventDefault();
      this.onOpen(this.shown[index]);
    }
  }
}
"""#
}
