#!/usr/bin/env python3
"""`make lint`: no `Synchronization.Mutex` in the project's Swift code.

ThreadSanitizer (`make sanitize`) instruments the project's own targets
only, and sees a lock taken elsewhere only through the C library's
functions it intercepts: a Mutex waits on a futex inside the Swift
runtime, so every Mutex-guarded access from two threads is reported as a
race. Lock with NIOLockedValueBox where swift-nio is a dependency, else
with a pthread_mutex_t (as ShojiPresentation's ProgressReporter does).
Prints each use, `path:line: text`, and exits 1 if there is one."""
import re
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
skip = {".build", "checkouts"}
found = []
for path in sorted(root.rglob("*.swift")):
    if any(part.startswith(".build") or part in skip for part in path.relative_to(root).parts):
        continue
    for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        code = line.split("//", 1)[0]
        if re.search(r"\bMutex\s*[<(]|Synchronization\.Mutex\b", code):
            found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
if found:
    print("locks: a Synchronization.Mutex is reported as a race under ThreadSanitizer; "
          "use NIOLockedValueBox or a pthread_mutex_t (Scripts/locks.py says why):")
    print("\n".join(found))
    sys.exit(1)
