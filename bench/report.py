"""Prints the bench table: the median of the rounds for each scenario and server, with Countersign's
figures divided by each other server's, then issue 19's goals and whether this run met them.

usage: report.py RESULTS.tsv [IDLE.tsv [RSS-AFTER.tsv]]

RESULTS rows come from measure.py; IDLE rows are "server rss-before-KiB rss-after-KiB still-open opened
seconds" (bench/idle_connections.py); RSS-AFTER rows "server KiB" (resident memory after all the rounds).
"""
import statistics
import sys

NAMES = {"countersign": "Countersign", "lua-peer": "nginx+Lua same work", "nginx": "nginx static",
         "wiremock": "WireMock 2.35.1"}
ORDER = list(NAMES)
# Issue 19's goals: (scenario, peer, measure, comparison, bound, text).
GOALS = [
    ("2-checkin", "lua-peer", "throughput", ">=", 2.0, "keep-alive check-in, req/s per busy core >= 2.0x the same-work peer"),
    ("2-checkin", "nginx", "throughput", ">=", 0.7, "keep-alive check-in, req/s per busy core >= 0.7x nginx static"),
    ("2-checkin", "wiremock", "throughput", ">=", 8.0, "keep-alive check-in, req/s per busy core >= 8x WireMock"),
    ("2-checkin", "lua-peer", "p99", "<=", 1.0, "keep-alive check-in, p99 <= the same-work peer's"),
    ("3-newconn", "nginx", "throughput", ">=", 1.0, "new connection per request (tickets on) >= 1.0x nginx static"),
    ("2-checkin", "wiremock", "rss", "<=", 1 / 30, "RSS under the keep-alive load <= 1/30 of WireMock's"),
]


def medians(rows):
    table = {}
    for server, scenario, rps, p50, p99, busy, rss, non2xx, errors in rows:
        table.setdefault((scenario, server), []).append(
            (float(rps), float(p50), float(p99), float(busy), int(rss), int(non2xx), errors))
    stats = {}
    for key, runs in table.items():
        stats[key] = dict(
            rps=statistics.median(r[0] for r in runs), p50=statistics.median(r[1] for r in runs),
            p99=statistics.median(r[2] for r in runs), busy=statistics.median(r[3] for r in runs),
            per_core=statistics.median(r[0] / max(r[3], 0.01) for r in runs),
            rss=statistics.median(r[4] for r in runs), non2xx=sum(r[5] for r in runs),
            errors="; ".join(sorted({r[6] for r in runs if r[6] != "-"})) or "-")
    return stats


def ratio(numerator, denominator):
    return numerator / denominator if denominator else float("nan")


def ratios(stats, scenario, server):
    """Countersign's throughput, p99 and RSS divided by `server`'s in `scenario` (None without a Countersign row)."""
    own, other = stats.get((scenario, "countersign")), stats[(scenario, server)]
    if own is None:
        return None
    whole_machine = scenario.startswith("6")
    throughput = ratio(own["rps"], other["rps"]) if whole_machine else ratio(own["per_core"], other["per_core"])
    return dict(throughput=throughput, p99=ratio(own["p99"], other["p99"]), rss=ratio(own["rss"], other["rss"]))


def print_table(stats):
    print(f"{'scenario':<10} {'server':<20} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>8} {'core0':>5} {'req/s/core':>10} "
          f"{'RSS MiB':>8} {'CS/x req':>8} {'CS/x p99':>8} {'CS/x RSS':>8}  non-2xx  errors")
    for scenario in sorted({key[0] for key in stats}):
        if (scenario, "countersign") not in stats:
            print(f"{scenario:<10} (no Countersign row: no ratios)")
        for server in (s for s in ORDER if (scenario, s) in stats):
            s = stats[(scenario, server)]
            r = ratios(stats, scenario, server) if server != "countersign" else None
            cells = [f"{r[k]:>8.2f}" for k in ("throughput", "p99", "rss")] if r else [f"{'':>8}"] * 3
            per_core = "-" if scenario.startswith("6") else f"{s['per_core']:.0f}"
            print(f"{scenario:<10} {NAMES[server]:<20} {s['rps']:>8.0f} {s['p50']:>7.2f} {s['p99']:>8.2f} {s['busy']:>5.2f} "
                  f"{per_core:>10} {s['rss'] / 1024:>8.1f} {' '.join(cells)}  {s['non2xx']:>7}  {s['errors']}")


def print_idle(path):
    per = {}
    for line in open(path):
        server, before, after, still_open, opened, seconds = line.split()
        per[server] = (int(after) - int(before)) / max(1, int(still_open))
        closed = f" ({int(opened) - int(still_open)} of {opened} closed by the server)" if still_open != opened else ""
        ratio = f", CS/x {per['countersign'] / per[server]:.2f}" if server != "countersign" and per.get("countersign") and per[server] else ""
        print(f"{'5-idle':<10} {NAMES[server]:<20} {int(still_open):>6} open after {float(seconds):.0f} s{closed}, RSS "
              f"{int(before) / 1024:.1f} -> {int(after) / 1024:.1f} MiB, {per[server]:.1f} KiB per connection{ratio}")


def print_goals(stats):
    goals = [goal for goal in GOALS if (goal[0], goal[1]) in stats and (goal[0], "countersign") in stats]
    if goals:
        print("issue 19 goals (this run):")
    for scenario, peer, measure, comparison, bound, text in goals:
        value = ratios(stats, scenario, peer)[measure]
        met = value >= bound if comparison == ">=" else value <= bound
        print(f"  {'met    ' if met else 'NOT MET'}  {text}: {value:.3f}")


def main():
    rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
    stats = medians(rows)
    print_table(stats)
    if len(sys.argv) > 2:
        print_idle(sys.argv[2])
    if len(sys.argv) > 3:
        after = [line.split() for line in open(sys.argv[3]) if line.strip()]
        print("RSS after the runs: " + ", ".join(f"{NAMES[server]} {int(kib) / 1024:.1f} MiB" for server, kib in after))
    print("(req/s/core: req/s divided by core 0's busy share; scenario 6 compares whole-machine req/s. CS/x: Countersign's "
          "figure divided by that server's: above 1 is ahead for req/s, below 1 is better for p99 and RSS. Medians of the rounds.)")
    print_goals(stats)


if __name__ == "__main__":
    main()
