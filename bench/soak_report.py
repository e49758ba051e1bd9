"""Prints the journal soak's report (bench/soak.sh) and issue 19's soak goals.

usage: soak_report.py SECONDS RATE JOURNAL-BUDGET-BYTES
           countersign SAMPLES HEY-OUTPUT SERVER-LOG METRICS-BEFORE METRICS-AFTER
           wiremock SAMPLES HEY-OUTPUT GC-LOG

SAMPLES come from soak_sampler.py. "First" and "last minute" are the first and last 60 s of the
samples (a third of the run each when it is shorter than 3 minutes). Failed requests are hey's
errors and answers other than 200 (hey keeps the status of its first 1,000,000 answers only; its rate,
and so the number of answers, counts them all). Entries unaccounted for are the answers hey received minus what
the journal holds and counts as dropped at the end: 0 means every request was either kept or
counted. WireMock's journal lives on its heap: its size is shown as the heap left after each
garbage collection (from the GC log), averaged over the same windows.
"""
import json
import re
import statistics
import sys


def read_samples(path):
    samples = []
    for line in open(path):
        when, rss, size, entries, dropped = line.split()
        samples.append((float(when), int(rss), int(size), int(entries), int(dropped)))
    return samples


def windows(samples, seconds):
    """The samples of the first and of the last window."""
    width = min(60.0, seconds / 3)
    start, end = samples[0][0], samples[-1][0]
    return [s for s in samples if s[0] < start + width], [s for s in samples if s[0] > end - width]


def read_hey(path):
    text = open(path).read()
    codes = {int(code): int(count) for code, count in re.findall(r"\[(\d{3})\]\s+(\d+) responses", text)}
    error_section = text.split("Error distribution:")[1] if "Error distribution:" in text else ""
    errors = sum(int(count) for count in re.findall(r"^\s+\[(\d+)\]\s", error_section, re.M))
    rate = re.search(r"Requests/sec:\s+([\d.]+)", text)
    total = re.search(r"Total:\s+([\d.]+) secs", text)
    p99 = re.search(r"99%+ in ([\d.]+) secs", text)
    # hey keeps the status and latency of its first 1,000,000 results only (its maxResult), but its
    # rate counts every result: over a longer run, the answers are the rate times the total time
    # (printed to 4 decimals, so exact once rounded), and the codes describe the first million.
    distributed = sum(codes.values())
    answered = round(float(rate.group(1)) * float(total.group(1))) - errors if rate and total else distributed
    return dict(codes=codes, errors=errors, answered=max(answered, distributed), distributed=distributed, ok=codes.get(200, 0),
                rate=float(rate.group(1)) if rate else 0.0, p99_ms=float(p99.group(1)) * 1000 if p99 else float("nan"),
                summary=text if not codes else "")


def checkin_answers(metrics_path):
    """The check-ins Countersign's /metrics counts: (all answered, answered 200 with code 0)."""
    total = ok = 0
    pattern = r'^countersign_requests_total\{route="/api/v1/checkin",method="GET",status="(\d*)",code="(-?\d*)"\} (\d+)$'
    for status, code, count in re.findall(pattern, open(metrics_path).read(), re.M):
        total += int(count)
        ok += int(count) if (status, code) == ("200", "0") else 0
    return total, ok


def queue_drops(server_log):
    """Entries the loops' queues dropped, as the server's warnings count them."""
    dropped = 0
    for line in open(server_log):
        if "journal queue full" in line:
            try:
                dropped += int(json.loads(line).get("dropped", 0))
            except ValueError:
                pass
    return dropped


def heap_after_gc(gc_log):
    """(Unix time, MiB left after the collection) for each collection in a -Xlog:gc:...:timemillis log."""
    units = {"K": 1 / 1024, "M": 1, "G": 1024}
    points = []
    for line in open(gc_log):
        found = re.search(r"^\[(\d+)ms\].*?\d+([KMG])->(\d+)([KMG])\(", line)
        if found:
            points.append((int(found.group(1)) / 1000, int(found.group(3)) * units[found.group(4)]))
    return points


def mean(values):
    values = list(values)
    return statistics.mean(values) if values else float("nan")


def report(name, samples, hey, seconds, rate, server_answers=None):
    """server_answers: (answered, other than 200 with code 0) as the server counted them, when it can."""
    first, last = windows(samples, seconds)
    rss_first, rss_last = mean(s[1] for s in first) / 1024, mean(s[1] for s in last) / 1024
    final = next((s for s in reversed(samples) if s[3] >= 0), samples[-1])
    failed = hey["errors"] + (server_answers[1] if server_answers else hey["distributed"] - hey["ok"])
    unaccounted = hey["answered"] - final[3] - final[4]
    print(f"{name}: {hey['answered']} answered ({hey['rate']:.0f} req/s achieved of {rate}), {hey['ok']} with 200, "
          f"{failed} failed, p99 {hey['p99_ms']:.1f} ms")
    if hey["distributed"] < hey["answered"]:
        covered = "p99 covers those" if server_answers else "'failed' and p99 cover those and every error"
        print(f"  hey keeps the status and latency of its first {hey['distributed']} answers only: {covered}, "
              f"not the {hey['answered'] - hey['distributed']} answers after them")
    if server_answers:
        print(f"  the server's /metrics: {server_answers[0]} check-ins answered during the soak, {server_answers[1]} of them "
              "other than 200 with code 0 (counted as failed)")
    if hey["summary"]:
        print("  hey printed no answers: " + " ".join(hey["summary"].split())[:300])
    if hey["rate"] < 0.98 * rate:
        print(f"  the rate was not held: {hey['rate'] / rate:.1%} of the target (responses took longer than a worker's interval)")
    print(f"  RSS first window {rss_first:.1f} MiB, last window {rss_last:.1f} MiB ({rss_last / rss_first - 1:+.1%}), "
          f"max {max(s[1] for s in samples) / 1024:.1f} MiB")
    print(f"  journal at the end: {final[3]} entries, {final[4]} counted as dropped, {unaccounted} answers unaccounted for; "
          f"{sum(1 for s in samples if s[3] < 0)} samples unanswered")
    return dict(rss_growth=rss_last / rss_first - 1, failed=failed, unaccounted=unaccounted, first=first, last=last,
                rate_held=hey["rate"] / rate)


def main():
    seconds, rate, budget = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    countersign_samples, countersign_hey, server_log, metrics_before, metrics_after = sys.argv[5:10]
    wiremock_samples, wiremock_hey, gc_log = sys.argv[11:14]
    print(f"journal soak: {seconds} s at a target of {rate} req/s (signed, authenticated keep-alive check-ins), "
          "each server alone on core 0, hey on core 1; windows: first and last "
          f"{min(60, seconds // 3)} s")
    samples = read_samples(countersign_samples)
    (total_before, ok_before), (total_after, ok_after) = checkin_answers(metrics_before), checkin_answers(metrics_after)
    answered = total_after - total_before
    countersign = report("Countersign", samples, read_hey(countersign_hey), seconds, rate,
                         server_answers=(answered, answered - (ok_after - ok_before)))
    largest = max(s[2] for s in samples)
    drops = queue_drops(server_log)
    print(f"  journal file: at most {largest / 2**20:.1f} MiB on disk (budget {budget / 2**20:.0f} MiB of entry text); "
          f"{drops} entries dropped by a full queue (logged and counted)")
    samples = read_samples(wiremock_samples)
    wiremock = report("WireMock 2.35.1", samples, read_hey(wiremock_hey), seconds, rate)
    heap = heap_after_gc(gc_log)
    first_end, last_start = wiremock["first"][-1][0], wiremock["last"][0][0]
    print(f"  heap after GC (its journal lives there): first window {mean(h for t, h in heap if t <= first_end):.0f} MiB, "
          f"last window {mean(h for t, h in heap if t >= last_start):.0f} MiB, {len(heap)} collections")
    print("issue 19 soak goals (Countersign, this run):")
    goals = [(abs(countersign["rss_growth"]) <= 0.05, f"RSS flat: last window within 5% of the first: {countersign['rss_growth']:+.1%}"),
             (largest <= budget, f"journal bytes within the budget: {largest / 2**20:.1f} of {budget / 2**20:.0f} MiB"),
             (countersign["failed"] == 0, f"0 requests failed (hey's errors and the server's answers other than 200/0): "
                                             f"{countersign['failed']}"),
             (countersign["rate_held"] >= 0.98, f"the rate held (requests not sent cannot fail): "
                                                f"{countersign['rate_held']:.1%} of the target"),
             (countersign["unaccounted"] == 0, f"nothing dropped without being counted: {countersign['unaccounted']} unaccounted")]
    for met, text in goals:
        print(f"  {'met    ' if met else 'NOT MET'}  {text}")


if __name__ == "__main__":
    main()
