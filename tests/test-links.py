#!/usr/bin/env python3
"""test-links.py - every pointer in the repository points inside it.

 - Markdown links of README.md and docs/*.md name files that exist, and
   their #anchors name headings of the file they point to;
 - paths of the repository quoted in documents and comments
   (`model/core/sim.c`, tests/model/test-contract.c) exist;
 - links to the repository on GitHub (.../blob/main/PATH) name files that
   exist;
 - nothing cites the papers' old project files or seed numbers: the papers
   are cited by the keys of docs/references.md.

usage: test-links.py SOURCE_ROOT
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
TEXT = (".c", ".h", ".md", ".ui", ".in", ".xml", ".build", ".sh", ".py", ".po", ".txt", ".css")
SKIP_DIRS = {".git", "screenshots", "corpus"}
REPO_URL = "https://github.com/stickslip/stickslip-lab/blob/main/"

# Old pointers outside the repository, and seed numbers (000..004) of the
# papers.  Written so that this file does not match them itself.
FORBIDDEN = [
    (r"\.\./" + "shared", "a file outside the repository"),
    (r"\bMODELS" + r"\.md", "the old models file (docs/models.md)"),
    (r"\bseed(?:'s)?\s+(?:00[0-4]\b|§|eq\b|Fig\b|Example\b)", "a seed citation (a key of docs/references.md)"),
    (r"\(00[0-4]\b", "a seed number (a key of docs/references.md)"),
    (r"\b00[0-4],? (?:§|Example|eq\b)", "a seed number (a key of docs/references.md)"),
    (r"\b(?:Zardecki|Żardecki|Wojtyra|Fraczek|Frączek|Markiewicz) 00[0-4]\b", "a seed number (a key of docs/references.md)"),
]

PATH_RE = re.compile(r"(?<![\w/.-])((?:model|src|tests|tools|docs|ui|data|po)/[\w./-]+)")
PATH_EXT = (".c", ".h", ".md", ".sh", ".ui", ".xml", ".in", ".build", ".po", ".py", ".css", ".txt")
LINK_RE = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def files():
    for top, dirs, names in os.walk(ROOT):
        rel_top = os.path.relpath(top, ROOT)
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not (rel_top == "." and d.startswith("build")))
        for n in sorted(names):
            if n.endswith(TEXT):
                yield os.path.normpath(os.path.join(rel_top, n))


def slug(heading):
    """GitHub's anchor of a Markdown heading."""
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(md_path):
    out, seen, fence = set(), {}, False
    with open(os.path.join(ROOT, md_path), encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                fence = not fence
            m = None if fence else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                base = slug(m.group(1))
                n = seen.get(base, 0)
                seen[base] = n + 1
                out.add(base if n == 0 else "%s-%d" % (base, n))
    return out


def main():
    problems = []
    for path in files():
        try:
            text = open(os.path.join(ROOT, path), encoding="utf-8").read()
        except UnicodeDecodeError:
            continue
        here = os.path.dirname(path)
        this_file = os.path.basename(path) == "test-links.py"
        for no, line in enumerate(text.splitlines(), 1):
            where = "%s:%d" % (path, no)
            if not this_file:
                for pattern, what in FORBIDDEN:
                    m = re.search(pattern, line)
                    if m:
                        problems.append("%s: '%s' cites %s" % (where, m.group(0), what))
            for m in PATH_RE.finditer(line):
                quoted = m.group(1).rstrip(".")
                if not quoted.endswith(PATH_EXT) or re.search(r"[A-Z]{3,}", quoted):
                    continue  # a directory, a program, or a pattern (draw-NAME.c)
                if not os.path.exists(os.path.join(ROOT, quoted)):
                    problems.append("%s: no file %s" % (where, quoted))
            for m in re.finditer(re.escape(REPO_URL) + r"([\w./-]+)", line):
                if not os.path.exists(os.path.join(ROOT, m.group(1))):
                    problems.append("%s: the link to %s names no file of the repository" % (where, m.group(1)))
            if not path.endswith(".md"):
                continue
            for m in LINK_RE.finditer(line):
                target = m.group(1)
                if re.match(r"[a-z]+:", target):
                    continue
                file_part, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(here, file_part)) if file_part else path
                if not os.path.exists(os.path.join(ROOT, dest)):
                    problems.append("%s: link to %s: no such file" % (where, target))
                elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
                    problems.append("%s: link to %s: %s has no heading #%s" % (where, target, dest, anchor))
    for p in problems:
        print(p)
    print("%d problems" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
