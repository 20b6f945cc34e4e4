#!/usr/bin/env python3
"""Lists public and open declarations of the framework (Sources/) and of
ShojiSSH (ShojiSSH/Sources/) and ShojiWeb (ShojiWeb/Sources/) without a
`///` comment right above them (attributes in between allowed); exits 1 if
there are any. `make docs` runs it before DocC."""
import glob, re, sys

missing = []
for path in sorted(glob.glob('Sources/**/*.swift', recursive=True) + glob.glob('ShojiSSH/Sources/**/*.swift', recursive=True)
                     + glob.glob('ShojiWeb/Sources/**/*.swift', recursive=True)):
    lines = open(path, encoding='utf-8').read().split('\n')
    for number, line in enumerate(lines):
        text = line.strip()
        if text.startswith('//') or not re.match(r'(@\w+(\([^)]*\))?\s+)*(public|open)\s', text):
            continue
        if re.search(r'\b(public|open)\s+import\b', text):
            continue
        above = number - 1
        while above >= 0 and lines[above].strip().startswith('@'):
            above -= 1
        if above < 0 or not lines[above].strip().startswith('///'):
            missing.append(f'{path}:{number + 1}: {text}')
if missing:
    print('\n'.join(missing))
    print(f'{len(missing)} public declarations without a /// comment')
    sys.exit(1)
