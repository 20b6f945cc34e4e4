#!/usr/bin/env python3
"""Lists public and open declarations of the framework (Sources/) whose
name appears nowhere outside Sources/: not in an example, a test, ShojiSSH,
the fuzz package, the generator or the documentation (the DocC articles in
Sources/*/*.docc count as documentation). Public API that nothing outside
the framework uses, and no page shows, is either dead or undocumented.

Matching is by name, a whole word anywhere in a file, so a common name
(`title`, `size`) always counts as used: the check misses some, never
accuses wrongly. Initialisers, subscripts and operators are not checked.

The ones known today are listed in Scripts/unused-public.txt; exits 1 when
a declaration not on that list is unused (use it somewhere, document it, or
make it internal), and says which listed ones are used now (take them off).
`make check` and `make docs` run it beside Scripts/doc-comments.py."""
import glob, os, re, subprocess, sys

KNOWN = 'Scripts/unused-public.txt'
DECLARATION = re.compile(
    r'(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:static|class|final|override|mutating|nonmutating|'
    r'nonisolated|convenience|required|indirect|lazy|weak|unowned|dynamic|private\(set\)|internal\(set\)|'
    r'fileprivate\(set\))\s+)*(func|var|let|class|struct|enum|protocol|actor|typealias|associatedtype)\s+'
    r'([A-Za-z_][A-Za-z0-9_]*)')


def declarations():
    for path in sorted(glob.glob('Sources/**/*.swift', recursive=True)):
        for line in open(path, encoding='utf-8'):
            match = DECLARATION.match(line.strip())
            if match:
                yield f'{path}: {match.group(1)} {match.group(2)}', match.group(2)


def outside_text():
    """Every tracked or new file outside the framework's code, as one text."""
    files = subprocess.run(['git', 'ls-files', '--cached', '--others', '--exclude-standard'],
                           capture_output=True, text=True, check=True).stdout.split('\n')
    texts = []
    for path in files:
        is_framework_code = path.startswith('Sources/') and '.docc/' not in path
        if not path or is_framework_code or path == KNOWN or not os.path.isfile(path):
            continue
        try:
            texts.append(open(path, encoding='utf-8').read())
        except (UnicodeDecodeError, OSError):
            continue  # binary files
    return '\n'.join(texts)


def main():
    text = outside_text()
    words = set(re.findall(r'[A-Za-z_][A-Za-z0-9_]*', text))
    unused = sorted({key for key, name in declarations() if name not in words})
    known = set()
    if os.path.exists(KNOWN):
        known = {line.strip() for line in open(KNOWN, encoding='utf-8')
                 if line.strip() and not line.startswith('#')}
    if '--write' in sys.argv:
        with open(KNOWN, 'w', encoding='utf-8') as out:
            out.write('# Public declarations of Sources/ used nowhere outside it (Scripts/unused-public.py).\n')
            out.write('# Known ones; the check fails on any other. Shrink this list, never grow it.\n')
            out.write(''.join(f'{key}\n' for key in unused))
        print(f'{len(unused)} written to {KNOWN}')
        return 0
    used_now = sorted(known - set(unused))
    if used_now:
        print('used now, take them off ' + KNOWN + ':\n  ' + '\n  '.join(used_now))
    new = [key for key in unused if key not in known]
    if new:
        print('\n'.join(new))
        print(f'{len(new)} public declarations used nowhere outside Sources/ (not an example, a test or a page):'
              ' use, document or make them internal')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
