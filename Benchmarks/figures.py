"""Figures from samples: percentiles, summaries, and how they are printed."""

import os
import platform
import statistics


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    position = fraction * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summary(samples):
    times = [s for s, _ in samples]
    sizes = [b for _, b in samples]
    return {
        "n": len(samples),
        "p50": statistics.median(times) if times else float("nan"),
        "p95": percentile(times, 0.95),
        "bytes": statistics.median(sizes) if sizes else float("nan"),
        "max": max(times) if times else float("nan"),
    }


def ms(seconds):
    return f"{seconds * 1000:.1f}"


def ratio(a, b):
    if b == 0 or b != b or a != a:
        return "–"
    return f"{a / b:.2f}x"


def mark(ok):
    return "ok" if ok else "**MISS**"

def machine():
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0, 0, 0)
    return (f"{os.cpu_count()} cores (nproc {os.sched_getaffinity(0).__len__()}), {model}; "
            f"{platform.system()} {platform.release()}; load average at start "
            f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
