"""What the bench scripts read from /proc (imported by idle_connections.py and soak_sampler.py)."""


def rss_kib(pid):
    """Resident memory of process `pid` (VmRSS), in KiB; 0 when /proc does not say."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0
