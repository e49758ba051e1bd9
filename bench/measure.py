"""Turns one load generator run into one row of the bench results (tab-separated, on stdout).

usage: measure.py wrk SERVER SCENARIO CPU0-BEFORE CPU0-AFTER RSS-KIB < wrk-output
       measure.py h2load SERVER SCENARIO CPU0-BEFORE CPU0-AFTER RSS-KIB LOG-FILE < h2load-output

CPU0-BEFORE and CPU0-AFTER are the cpu0 lines of /proc/stat around the run (the share of core 0
that was busy, where the servers run); RSS-KIB is the server's resident memory sampled during the
run. The row: server, scenario, req/s, p50 ms, p99 ms, core 0 busy share, RSS KiB, responses
other than 2xx, socket errors ("-" when none). wrk --latency gives the percentiles; h2load only
prints a mean, so they are computed from its per-request --log-file.
"""
import re
import sys


def busy_share(before, after):
    """Share of core 0 not idle (idle + iowait) between two /proc/stat cpu0 lines."""
    delta = [int(y) - int(x) for x, y in zip(before.split()[1:], after.split()[1:])]
    return 1 - (delta[3] + delta[4]) / max(1, sum(delta))


def wrk_row(output):
    def milliseconds(label):
        found = re.search(r"^\s+" + label + r"\s+([\d.]+)(us|ms|s)\b", output, re.M)
        return float(found.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[found.group(2)] if found else float("nan")

    rate = re.search(r"Requests/sec:\s+([\d.]+)", output)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors = re.search(r"Socket errors: (.*)", output)
    failed = errors.group(1).strip() if errors else "-"
    if rate is None:
        failed = "no wrk summary: " + " ".join(output.split())[:120]
    return (float(rate.group(1)) if rate else 0.0, milliseconds("50%"), milliseconds("99%"),
            int(non2xx.group(1)) if non2xx else 0, failed)


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


def h2load_row(output, log_file):
    rate = re.search(r"finished in [\d.]+s, ([\d.]+) req/s", output)
    codes = re.search(r"status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx", output)
    counts = re.search(r"(\d+) failed, (\d+) errored, (\d+) timeout", output)
    latencies = []
    with open(log_file) as log:
        for line in log:
            fields = line.split()
            if len(fields) >= 3:
                latencies.append(int(fields[2]) / 1000)
    latencies.sort()
    non2xx = sum(int(codes.group(i)) for i in (2, 3, 4)) if codes else 0
    failed = "-"
    if counts is None:
        failed = "no h2load summary: " + " ".join(output.split())[:120]
    elif any(int(value) for value in counts.groups()):
        failed = f"failed {counts.group(1)}, errored {counts.group(2)}, timeout {counts.group(3)}"
    return (float(rate.group(1)) if rate else 0.0, percentile(latencies, 0.5), percentile(latencies, 0.99),
            non2xx, failed)


def main():
    tool, server, scenario, before, after, rss = sys.argv[1:7]
    output = sys.stdin.read()
    rps, p50, p99, non2xx, errors = wrk_row(output) if tool == "wrk" else h2load_row(output, sys.argv[7])
    print("\t".join([server, scenario, f"{rps:.0f}", f"{p50:.2f}", f"{p99:.2f}", f"{busy_share(before, after):.3f}",
                     rss or "0", str(non2xx), errors]))


if __name__ == "__main__":
    main()
