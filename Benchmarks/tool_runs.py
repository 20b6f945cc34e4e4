#!/usr/bin/env python3
"""The cost of one run of a tool through ShojiTools' `Tool.run()` against a
C `posix_spawn` floor (Benchmarks/Floor/spawn_floor.c), in the same run.

Two programs, each run N times one after the other by both sides: `/bin/true`
(spawn to exit status, nothing to read) and `head -c 65536 /dev/zero` (64 KiB
read). Each side prints the median of its N runs; a round runs the floor
and `tool-runs` back to back, and the figure is the median of the rounds'
medians. Prints a Markdown table with the ratio (tool / floor; goal within
1.2x) and appends it to --out when given.

    python3 Benchmarks/tool_runs.py --floor PATH --tool-runs PATH [--runs 1000] [--rounds 3]
"""
import argparse
import statistics
import subprocess

PROGRAMS = [("/bin/true", ["/bin/true"]), ("64 KiB output", ["/usr/bin/head", "-c", "65536", "/dev/zero"])]


def median_us(command):
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    fields = dict(part.split("=") for part in output.split())
    return float(fields["median_us"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--floor", required=True)
    parser.add_argument("--tool-runs", required=True)
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out")
    args = parser.parse_args()
    lines = ["", f"### One run of a tool against the posix_spawn floor ({args.runs} runs x {args.rounds} rounds)", "",
             "| program | floor (median) | Tool.run() (median) | ratio | goal |", "| --- | ---: | ---: | ---: | --- |"]
    for name, program in PROGRAMS:
        floors, tools = [], []
        for _ in range(args.rounds):
            floors.append(median_us([args.floor, str(args.runs)] + program))
            tools.append(median_us([args.tool_runs, str(args.runs)] + program))
        floor, tool = statistics.median(floors), statistics.median(tools)
        ratio = tool / floor
        rounds = ", ".join(f"{t / f:.2f}x" for f, t in zip(floors, tools))
        lines.append(f"| {name} | {floor:.0f} µs | {tool:.0f} µs | {ratio:.2f}x ({rounds}) | "
                     f"≤1.2x: {'met' if ratio <= 1.2 else 'not met'} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with open(args.out, "a") as out:
            out.write(text)


if __name__ == "__main__":
    main()
