#!/usr/bin/env python3
"""test-architecture.py SOURCE_ROOT: the include structure of src/.

- No include circle between two different objects of src/: a split object
  (a hub with its parts, the files that include the hub's -private.h) counts
  as one object, so a hub and its own parts may include each other.
- src/ includes the library only through its public headers,
  <stickslip/NAME.h> (model/include/stickslip/): no header of model/ by a
  bare name.
- The drawings (src/drawings/) and the CLI (src/cli/) include nothing of the
  window's objects.
- Only a split object's own files include its -private.h: the hub
  (ss-NAME.c) and its parts (ss-NAME-TOPIC.c).
- A part of a split object (a .c file that includes the hub's -private.h)
  calls only the hub: no function another part defines, except the
  object's public methods (declared in the hub's ss-NAME.h), which are
  the hub's wherever their bodies stand.  Every split object is checked.
"""
import collections
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
src = os.path.join(root, "src")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def includes(path):
    with open(path, encoding="utf-8") as f:
        return INCLUDE.findall(f.read())


files = {}
for dirpath, _, names in os.walk(src):
    for n in names:
        if n.endswith((".c", ".h")):
            files[os.path.relpath(os.path.join(dirpath, n), src)] = includes(os.path.join(dirpath, n))


def stem(rel):
    return re.sub(r"\.(c|h)$", "", rel)


hubs = {stem(f)[: -len("-private")] for f in files if stem(f).endswith("-private")}


def owner(rel):
    """The object a file belongs to: its hub when it is the hub's or
    includes the hub's -private.h, else the file itself (.c and .h one)."""
    s = stem(rel)
    if s.endswith("-private"):
        return s[: -len("-private")]
    if s in hubs:
        return s
    for inc in files.get(rel, []):
        i = stem(os.path.normpath(os.path.join(os.path.dirname(rel), inc)))
        if i.endswith("-private") and i[: -len("-private")] in hubs:
            return i[: -len("-private")]
    return s


def resolve(rel, inc):
    for cand in (os.path.normpath(os.path.join(os.path.dirname(rel), inc)), inc):
        if cand in files:
            return cand
    return None


# a header's owner is the owner of its .c (a part's header is the hub's)
def header_owner(h):
    c = stem(h) + ".c"
    return owner(c) if c in files else owner(h)


graph = collections.defaultdict(set)
why = {}
for rel, incs in files.items():
    a = owner(rel) if rel.endswith(".c") else header_owner(rel)
    for inc in incs:
        target = resolve(rel, inc)
        if target is None:
            continue
        b = header_owner(target)
        if a != b:
            graph[a].add(b)
            why.setdefault((a, b), f"{rel} includes {inc}")

# strongly connected components (Tarjan)
index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]
sys.setrecursionlimit(100000)


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on.add(v)
    for w in sorted(graph[v]):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            comps.append(sorted(comp))


for v in sorted(list(graph)):
    if v not in index:
        visit(v)

failures = []
for comp in comps:
    edges = [why[(a, b)] for a in comp for b in comp if (a, b) in why]
    failures.append("include circle between objects " + ", ".join(comp) + ": " + "; ".join(edges))
for rel, incs in files.items():
    if rel.startswith(("drawings/", "cli/")):
        for inc in incs:
            t = resolve(rel, inc)
            if t and not t.startswith(rel.split("/")[0] + "/") and not t.startswith("ss-sketch"):
                failures.append(f"{rel} includes {inc}, outside its folder")

# A -private.h is the object's own: no other file includes it.
for rel, incs in files.items():
    for inc in incs:
        t = resolve(rel, inc)
        if t is None or not stem(t).endswith("-private"):
            continue
        hub = stem(t)[: -len("-private")]
        if stem(rel) != hub and not stem(rel).startswith(hub + "-"):
            failures.append(f"src/{rel} includes {inc}, the private header of another object; "
                            f"ask {hub} for what it needs through its public header")

# Parts call only their hub; a new split object is checked from its first part.
DEFINITION = re.compile(r"^([A-Za-z_]\w*)\s*\(", re.M)


def code_of(path):
    """The file without comments and string literals (lines kept)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', text)


def definitions(text):
    """The functions a file defines for other files (GNU style: the name
    starts its line, the return type stands on the line before)."""
    names, lines = set(), text.split("\n")
    for m in DEFINITION.finditer(text):
        rest = text[m.end():]
        ends = [i for i in (rest.find(";"), rest.find("{")) if i >= 0]
        if not ends or rest[min(ends)] != "{":
            continue
        before = lines[text.count("\n", 0, m.start()) - 1]
        if not before.lstrip().startswith(("static", "G_DEFINE")):
            names.add(m.group(1))
    return names


def declared(path):
    """The names a header declares as functions (any name before "(")."""
    if not os.path.exists(path):
        return set()
    return set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", code_of(path)))


conforming = []
for hub in sorted(hubs):
    parts = [f for f in files if f.endswith(".c") and stem(f) != hub and owner(f) == hub]
    code = {f: code_of(os.path.join(src, f)) for f in parts}
    # a function of the hub's public header is the object's method, a call
    # to the hub wherever its body stands
    public = declared(os.path.join(src, hub + ".h"))
    defined = {f: definitions(code[f]) - public for f in parts}
    sideways = []
    for f in sorted(parts):
        for g in sorted(parts):
            if g != f:
                called = sorted(n for n in defined[g] if re.search(r"\b" + n + r"\s*\(", code[f]))
                if called:
                    sideways.append(f"src/{f} calls {', '.join(called)} of src/{g}")
    conforming.append(hub)
    for s in sideways:
        failures.append(f"a part of {hub} calls another part, not the hub: {s}")

model_headers = set()
for dirpath, _, names in os.walk(os.path.join(root, "model")):
    model_headers.update(n for n in names if n.endswith(".h"))
for rel, incs in files.items():
    for inc in incs:
        if resolve(rel, inc) is None and os.path.basename(inc) in model_headers:
            failures.append(f"src/{rel} includes the library header {inc} by name; the public API is <stickslip/...>")

for f in failures:
    print("test-architecture:", f, file=sys.stderr)
if failures:
    sys.exit(1)
print(f"test-architecture: {len(files)} files, {len(set(map(owner, files)))} objects, "
      f"{len(hubs)} hubs with parts, no include circle between objects; "
      f"parts call only their hub in {', '.join(conforming) or 'none'}")
