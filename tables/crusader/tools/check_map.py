#!/usr/bin/env python3
"""Check the Crusader board (tables/crusader/map.yaml) against what the rules and scenarios need.

Usage:  python3 tables/crusader/tools/check_map.py [MAP.yaml]

Plain python3; uses PyYAML when installed, otherwise a small reader for the subset of YAML the map
file uses (and a line scan of the scenario files). Exit status 0 when every check passes, 1 if not.

What it checks (rule numbers of the SPI North Africa standard rules and Crusader exclusive rules):
  - the file's shape (docs/formats.md, tables/schema/map.schema.json): keys, status, layout, quoted
    hex ids, hex lists and AAAA/BBBB hexside lists;
  - every hex id lies on the map; each hex has one terrain type, and only types the movement table
    (tables/north-africa/movement.yaml) knows; no Clear (5.26);
  - every hexside joins two ADJACENT hexes (flat-top, the layout's lowered columns), none is listed
    twice, none touches a sea hex;
  - roads form one connected network; every trail joins a road or leaves the map; every hexside where
    a road or trail meets an escarpment is printed (they carry both features);
  - every land hex can be reached from Tobruk without crossing a bare escarpment (no sealed pockets);
  - the places the rules fix: Tobruk 1103, El Adem 0908, Bardia 3409, Sollum 3513 (16.0), 1003 (17.1);
  - zones: the four edges, and british-supply-south = the south-edge hexes at hex distance <= 11 from
    the nearest east-edge hex (16.0, as tables/crusader/supply.yaml reads it);
  - every deployment and reinforcement hex of scenarios/crusader/*.yaml is on the map and land (not sea,
    not prohibited); a reinforcement entry hex on a road or trail lies on a map edge (13.11);
  - 17.1: every minefield-british hexside lies between a hex 2 and a hex 3 from 1003, the ring is closed
    on the landward side, no perimeter hexside is also an escarpment, fortified boxes sit on the
    distance-2 ring; in the turn-1 scenarios the British units near Tobruk are inside the ring, and in
    every scenario no Axis unit is inside it;
then prints a short summary (hexes per terrain, hexsides per feature, places, zones).
"""
import glob
import os
import re
import sys
from collections import Counter, deque

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
MAP = os.path.join(ROOT, "tables", "crusader", "map.yaml")
MOVEMENT = os.path.join(ROOT, "tables", "north-africa", "movement.yaml")
SCENARIOS = os.path.join(ROOT, "scenarios", "crusader")

TOP_KEYS = {"$schema", "map", "status", "source", "note", "rule", "version", "layout", "default-terrain",
            "terrain", "features", "hexsides", "places", "zones"}
EDGE_WORDS = {"edge:north", "edge:south", "edge:east", "edge:west"}
RULEBOOK_PLACES = {"Tobruk": "1103", "El Adem": "0908", "Bardia": "3409", "Sollum": "3513"}
CENTRE = "1003"                       # 17.1
REQUIRED_ZONES = {"north-edge": "edge:north", "south-edge": "edge:south", "east-edge": "edge:east",
                  "west-edge": "edge:west"}
CLOSED_FALLBACK = {"sea", "prohibited"}
HEX_RE = re.compile(r"^\d{4}$")
SIDE_RE = re.compile(r"^(\d{4})/(\d{4})$")

try:
    import yaml  # PyYAML
except ImportError:  # pragma: no cover - the fallback reader below
    yaml = None


# --------------------------------------------------------------------------------------------------
# A small YAML reader for the map file's subset: mappings by indentation, "double-quoted" strings over
# several lines, >- folded blocks, [a, b] lists of integers, plain scalars, # comments.

def _strip_comment(line):
    out, quoted = [], False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        if ch == "#" and not quoted and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def _scalar(text):
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        return [_scalar(x) for x in text[1:-1].split(",") if x.strip()]
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def mini_yaml(text):
    lines = text.split("\n")
    root, stack, i = {}, [(-1, None)], 0
    stack[0] = (-1, root)
    while i < len(lines):
        raw = lines[i]
        line = _strip_comment(raw)
        i += 1
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        m = re.match(r'^\s*("[^"]*"|[^:]+):(.*)$', line)
        if not m:
            raise ValueError("cannot read line %d: %r" % (i, raw))
        key = m.group(1).strip().strip('"')
        rest = m.group(2).strip()
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if rest == "":
            child = {}
            parent[key] = child
            stack.append((indent, child))
        elif rest in (">-", ">", "|", "|-"):
            block = []
            while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip(" ")) > indent):
                block.append(lines[i].strip())
                i += 1
            parent[key] = " ".join(b for b in block if b)
        elif rest.startswith('"') and (rest.count('"') == 1):
            parts = [rest[1:]]
            while i < len(lines):
                nxt = lines[i].strip()
                i += 1
                if nxt.endswith('"'):
                    parts.append(nxt[:-1])
                    break
                parts.append(nxt)
            parent[key] = " ".join(p.strip() for p in parts if p.strip())
        else:
            parent[key] = _scalar(rest)
    return root


def load_yaml(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if yaml is not None:
        return yaml.safe_load(text)
    return mini_yaml(text)


def scenario_units(path):
    """[(kind, side, unit, hex, start-turn)] of a scenario file; kind is 'piece' or 'entry'."""
    out = []
    if yaml is not None:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
        turn = (doc.get("start") or {}).get("turn", (doc.get("turns") or {}).get("first"))
        for p in doc.get("pieces") or []:
            out.append(("piece", p.get("side"), p.get("id"), p.get("hex"), turn))
        for r in doc.get("reinforcements") or []:
            out.append(("entry", r.get("side"), r.get("unit"), (r.get("entry") or {}).get("hex"), turn))
        return out
    turn = None
    section = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^start:.*turn:\s*(\d+)", line)
            if m:
                turn = int(m.group(1))
            m = re.match(r"^([a-z-]+):", line)
            if m:
                section = m.group(1)
            if section == "pieces":
                m = re.search(r'id:\s*([\w-]+).*side:\s*(\w+).*hex:\s*"(\d{4})"', line)
                if m:
                    out.append(("piece", m.group(2), m.group(1), m.group(3), turn))
            elif section == "reinforcements":
                m = re.search(r'side:\s*(\w+).*unit:\s*([\w-]+).*hex:\s*"(\d{4})"', line)
                if m:
                    out.append(("entry", m.group(1), m.group(2), m.group(3), turn))
    return out


def terrain_ids():
    """Hex terrain ids of the movement table, and which of them are closed to movement."""
    try:
        doc = load_yaml(MOVEMENT)
        t = doc["tables"]
        known = set(t["hex-costs"]["mp"]) | set(t.get("hex-costs-unpriced", {}).get("mp", {}))
        closed = set(t["closed-hexes"]["closed"])
        return known | closed, closed, set(t.get("hex-costs-unpriced", {}).get("mp", {}))
    except Exception as e:  # the movement table is someone else's file: say so and go on
        print("note: could not read %s (%s); using mixed broken town rough sea prohibited" % (MOVEMENT, e))
        return {"mixed", "broken", "town", "rough"} | CLOSED_FALLBACK, CLOSED_FALLBACK, set()


# --------------------------------------------------------------------------------------------------
# Geometry: flat-top columns, ids XXYY; `lowered` columns sit half a hex lower (kernel HexLayout).

class Grid:
    def __init__(self, c0, c1, r0, r1, lowered):
        self.c0, self.c1, self.r0, self.r1, self.lowered = c0, c1, r0, r1, lowered
        self.ids = ["%02d%02d" % (c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
        self.idset = set(self.ids)

    def is_lowered(self, c):
        return (c % 2 == 0) == (self.lowered == "even")

    def axial(self, h):
        c, r = int(h[:2]), int(h[2:])
        shift = (c + (c & 1)) // 2 if self.lowered == "even" else (c - (c & 1)) // 2
        return c, r - shift

    def dist(self, a, b):
        q1, r1 = self.axial(a)
        q2, r2 = self.axial(b)
        dq, dr = q1 - q2, r1 - r2
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def neighbours(self, h):
        c, r = int(h[:2]), int(h[2:])
        side_rows = (r, r + 1) if self.is_lowered(c) else (r - 1, r)
        cand = [(c, r - 1), (c, r + 1)] + [(c + dc, rr) for dc in (-1, 1) for rr in side_rows]
        return [n for n in ("%02d%02d" % x for x in cand if x[0] >= 0 and x[1] >= 0) if n in self.idset]

    def adjacent(self, a, b):
        return b in self.neighbours(a)

    def edge(self, word):
        col = {"edge:west": self.c0, "edge:east": self.c1}.get(word)
        row = {"edge:north": self.r0, "edge:south": self.r1}.get(word)
        return [h for h in self.ids if (col is not None and int(h[:2]) == col) or (row is not None and int(h[2:]) == row)]

    def on_edge(self, h):
        c, r = int(h[:2]), int(h[2:])
        return c in (self.c0, self.c1) or r in (self.r0, self.r1)


def key(a, b):
    return (a, b) if a < b else (b, a)


# --------------------------------------------------------------------------------------------------

def main(argv):
    path = argv[1] if len(argv) > 1 else MAP
    errors, info = [], []

    def fail(msg):
        errors.append(msg)

    doc = load_yaml(path)
    if not isinstance(doc, dict):
        print("%s: not a mapping" % path)
        return 1
    for k in doc:
        if k not in TOP_KEYS:
            fail("unknown top-level key %r" % k)
    for k in ("map", "status", "source", "layout"):
        if k not in doc:
            fail("missing required key %r" % k)
    if doc.get("status") not in ("printed", "reconstructed", "placeholder"):
        fail("status %r is not printed | reconstructed | placeholder" % doc.get("status"))
    lay = doc.get("layout") or {}
    if lay.get("orientation") != "flat-top":
        fail("layout.orientation must be flat-top")
    if lay.get("lowered") not in ("even", "odd"):
        fail("layout.lowered must be even or odd")
    try:
        (c0, c1), (r0, r1) = lay["columns"], lay["rows"]
        assert all(isinstance(x, int) for x in (c0, c1, r0, r1)) and 0 <= c0 <= c1 <= 99 and 0 <= r0 <= r1 <= 99
        assert r0 in (0, 1)
    except Exception:
        fail("layout.columns / layout.rows must be [first, last] whole numbers (first row 0 or 1)")
        print("\n".join("FAIL " + e for e in errors))
        return 1
    g = Grid(c0, c1, r0, r1, lay.get("lowered", "even"))

    def hex_list(value, where, edges=False):
        if value is None:
            return []
        if not isinstance(value, str):
            fail("%s: expected a quoted string of hex ids, found %r (quote the ids: YAML reads 0101 as a number)" % (where, value))
            return []
        out = []
        for tok in value.split():
            if edges and tok in EDGE_WORDS:
                out.extend(g.edge(tok))
                continue
            if not HEX_RE.match(tok):
                fail("%s: %r is not a four-digit hex id" % (where, tok))
            elif tok not in g.idset:
                fail("%s: hex %s is off the map" % (where, tok))
            else:
                out.append(tok)
        return out

    def side_list(value, where):
        if value is None:
            return []
        if not isinstance(value, str):
            fail("%s: expected a quoted string of AAAA/BBBB hexsides, found %r" % (where, value))
            return []
        out, seen = [], set()
        for tok in value.split():
            m = SIDE_RE.match(tok)
            if not m:
                fail("%s: %r is not a hexside AAAA/BBBB" % (where, tok))
                continue
            a, b = m.groups()
            if a not in g.idset or b not in g.idset:
                fail("%s: hexside %s leaves the map" % (where, tok))
                continue
            if not g.adjacent(a, b):
                fail("%s: hexside %s joins hexes that are not adjacent (lowered: %s)" % (where, tok, g.lowered))
                continue
            k = key(a, b)
            if k in seen:
                fail("%s: hexside %s listed twice" % (where, tok))
            seen.add(k)
            out.append(k)
        return out

    # ---- terrain --------------------------------------------------------------------------------
    known, closed, placeholders = terrain_ids()
    default = doc.get("default-terrain")
    if default is not None and default not in known:
        fail("default-terrain %r is not a terrain id of the movement table" % default)
    terrain = {}
    for t, v in (doc.get("terrain") or {}).items():
        if t == "clear":
            fail("terrain 'clear': there is no Clear terrain (5.26)")
        elif t not in known:
            fail("terrain %r is not a terrain id of the movement table (%s)" % (t, ", ".join(sorted(known))))
        elif t in placeholders:
            info.append("terrain %r is priced only by a placeholder in the movement table" % t)
        for h in hex_list(v, "terrain/" + t):
            if h in terrain and terrain[h] != t:
                fail("hex %s has two terrain types: %s and %s" % (h, terrain[h], t))
            elif h in terrain:
                fail("hex %s listed twice under terrain %s" % (h, t))
            terrain[h] = t
    missing = [h for h in g.ids if h not in terrain]
    if missing and default is None:
        fail("%d hexes have no terrain and there is no default-terrain" % len(missing))
    for h in missing:
        terrain[h] = default
    is_land = {h: terrain[h] not in closed for h in g.ids}
    sea = {h for h in g.ids if terrain[h] == "sea"}

    # ---- features ---------------------------------------------------------------------------------
    features = {f: hex_list(v, "features/" + f) for f, v in (doc.get("features") or {}).items()}
    for f, hs in features.items():
        for h in hs:
            if not is_land[h]:
                fail("feature %s on hex %s, which is %s" % (f, h, terrain[h]))

    # ---- hexsides -----------------------------------------------------------------------------------
    sides = {f: side_list(v, "hexsides/" + f) for f, v in (doc.get("hexsides") or {}).items()}
    for f, ss in sides.items():
        for a, b in ss:
            if a in sea or b in sea:
                fail("hexside %s %s/%s touches a sea hex" % (f, a, b))

    def graph(pairs):
        adj = {}
        for a, b in pairs:
            adj.setdefault(a, set()).add(b)
            adj.setdefault(b, set()).add(a)
        return adj

    def components(adj):
        seen, comps = set(), []
        for start in sorted(adj):
            if start in seen:
                continue
            comp, todo = set(), deque([start])
            while todo:
                h = todo.popleft()
                if h in comp:
                    continue
                comp.add(h)
                todo.extend(adj[h] - comp)
            seen |= comp
            comps.append(comp)
        return comps

    roads = sides.get("road", [])
    trails = sides.get("trail", [])
    esc = set(sides.get("escarpment", []))
    road_comps = components(graph(roads))
    if len(road_comps) > 1:
        fail("roads are not connected: %d separate networks (%s)" % (
            len(road_comps), "; ".join(" ".join(sorted(c)[:3]) + " ..." for c in road_comps)))
    road_hexes = set(graph(roads))
    trail_hexes = set(graph(trails))
    for comp in components(graph(trails)):
        if not (comp & road_hexes) and not any(g.on_edge(h) for h in comp):
            fail("a trail (%s ...) neither meets a road nor leaves the map" % " ".join(sorted(comp)[:3]))
    for f, ss in sides.items():
        if f in ("road", "trail"):
            for a, b in ss:
                if not (is_land[a] and is_land[b]):
                    fail("%s hexside %s/%s enters a closed hex" % (f, a, b))
    crossings = sorted(k for k in esc if k in set(roads) or k in set(trails))

    # no sealed pockets: every land hex reachable from Tobruk without a bare escarpment hexside
    passable = set(roads) | set(trails)
    start = RULEBOOK_PLACES["Tobruk"]
    reach, todo = set(), deque([start] if start in g.idset and is_land.get(start) else [])
    while todo:
        h = todo.popleft()
        if h in reach:
            continue
        reach.add(h)
        for n in g.neighbours(h):
            if is_land[n] and n not in reach and (key(h, n) not in esc or key(h, n) in passable):
                todo.append(n)
    pocket = [h for h in g.ids if is_land[h] and h not in reach]
    if pocket:
        fail("%d land hexes cannot be reached from Tobruk without crossing a bare escarpment: %s" % (
            len(pocket), " ".join(pocket[:20])))

    # ---- places -------------------------------------------------------------------------------------
    places = {}
    for name, v in (doc.get("places") or {}).items():
        hs = hex_list(v, "places/" + str(name))
        if len(hs) != 1:
            fail("place %r must be one hex id (the kernel reads one), found %r" % (name, v))
            continue
        places[name] = hs[0]
        if not is_land[hs[0]]:
            fail("place %s at %s is %s" % (name, hs[0], terrain[hs[0]]))
    for name, h in RULEBOOK_PLACES.items():
        if places.get(name) != h:
            fail("place %s must be hex %s (16.0), found %r" % (name, h, places.get(name)))
    if "Tobruk perimeter centre" in places and places["Tobruk perimeter centre"] != CENTRE:
        fail("place 'Tobruk perimeter centre' must be %s (17.1)" % CENTRE)

    # ---- zones ----------------------------------------------------------------------------------------
    zones = {}
    raw_zones = doc.get("zones") or {}
    for name, v in raw_zones.items():
        zones[name] = set(hex_list(v, "zones/" + str(name), edges=True))
    for name, word in REQUIRED_ZONES.items():
        if raw_zones.get(name) != word:
            fail("zone %s must be %r, found %r" % (name, word, raw_zones.get(name)))
    east = g.edge("edge:east")
    want_south = {h for h in g.edge("edge:south") if min(g.dist(h, e) for e in east) <= 11}
    if zones.get("british-supply-south") != want_south:
        fail("zone british-supply-south must be the south-edge hexes within 11 of the east edge (16.0): %s"
             % " ".join(sorted(want_south)))
    for h in zones.get("british-supply-south", ()):
        if not is_land[h]:
            fail("british supply hex %s is %s" % (h, terrain[h]))

    # ---- 17.1: the Tobruk perimeter -----------------------------------------------------------------
    mines = sides.get("minefield-british", [])
    ring2 = {h for h in g.ids if is_land[h] and g.dist(h, CENTRE) == 2}
    ring3 = {h for h in g.ids if is_land[h] and g.dist(h, CENTRE) == 3}
    for a, b in mines:
        if {g.dist(a, CENTRE), g.dist(b, CENTRE)} != {2, 3}:
            fail("minefield-british %s/%s is not between a hex 2 and a hex 3 from %s (17.1)" % (a, b, CENTRE))
    need = {key(a, b) for a in ring2 for b in g.neighbours(a) if b in ring3}
    gaps = sorted(need - set(mines))
    if gaps:
        fail("the Tobruk perimeter is open: no minefield on %s" % " ".join("%s/%s" % k for k in gaps))
    for k in set(mines) & esc:
        fail("perimeter hexside %s/%s is also an escarpment: 17.1 and 7.46 would clash there" % k)
    for h in features.get("fortified-box", []):
        if g.dist(h, CENTRE) != 2:
            fail("fortified box %s is not on the distance-2 ring of %s" % (h, CENTRE))
    if "tobruk-perimeter" in zones:
        inside = {h for h in g.ids if is_land[h] and g.dist(h, CENTRE) <= 2}
        if zones["tobruk-perimeter"] != inside:
            fail("zone tobruk-perimeter must be the land hexes within 2 of %s" % CENTRE)

    # ---- scenarios --------------------------------------------------------------------------------------
    mine_set = set(mines)
    scen_summary = []
    for sp in sorted(glob.glob(os.path.join(SCENARIOS, "*.yaml"))):
        name = os.path.basename(sp)
        units = scenario_units(sp)
        by_hex = Counter(h for kind, s, u, h, t in units if kind == "piece")
        for kind, side, unit, h, turn in units:
            where = "%s %s %s" % (name, kind, unit)
            if not isinstance(h, str) or h not in g.idset:
                fail("%s: hex %r is not on the map" % (where, h))
                continue
            if not is_land[h]:
                fail("%s: hex %s is %s" % (where, h, terrain[h]))
            if kind == "entry" and (h in road_hexes or h in trail_hexes) and not g.on_edge(h):
                fail("%s: entry hex %s is on a road/trail but not on a map edge (13.11)" % (where, h))
            if kind == "entry" and not g.on_edge(h):
                note = "%s: entry hex %s is not on a map edge (no road there, so 13.11 does not require it)" % (name, h)
                if note not in info:
                    info.append(note)
        for h, n in sorted(by_hex.items()):
            if n > 1:
                info.append("%s: %d pieces in hex %s (5.31 forbids stacking; a scenario matter)" % (name, n, h))
        pieces = [(s, u, h) for kind, s, u, h, t in units if kind == "piece" and h in g.idset]
        turn = next((t for kind, s, u, h, t in units), None)
        axis_in = [(u, h) for s, u, h in pieces if s == "axis" and g.dist(h, CENTRE) <= 2]
        for u, h in axis_in:
            fail("%s: Axis %s at %s is inside the Tobruk perimeter" % (name, u, h))
        near_br = [(u, h) for s, u, h in pieces if s == "british" and 3 <= g.dist(h, CENTRE) <= 5]
        if turn == 1:
            for u, h in near_br:
                fail("%s: British %s at %s is just outside the Tobruk perimeter at the start" % (name, u, h))
        elif near_br:
            info.append("%s: British outside the perimeter near Tobruk (break-out): %s" % (
                name, " ".join("%s@%s" % x for x in near_br)))
        garrison = [h for s, u, h in pieces if s == "british" and g.dist(h, CENTRE) <= 2]
        exempt = sorted({h for s, u, h in pieces if s == "axis" and g.dist(h, CENTRE) == 3
                         and any(key(h, b) in mine_set for b in garrison if g.adjacent(h, b))})
        esc_pairs = sorted({key(a, b) for s1, u1, a in pieces for s2, u2, b in pieces
                            if s1 == "british" and s2 == "axis" and g.adjacent(a, b)
                            and key(a, b) in esc and key(a, b) not in passable})
        scen_summary.append("  %-24s %2d pieces, %d entries; garrison %d inside; Axis 3 from 1003 across "
                            "the perimeter minefield from a British unit (17.1): %s%s" % (
                                name, len(pieces), sum(1 for x in units if x[0] == "entry"), len(garrison),
                                " ".join(exempt) or "none",
                                ("; opposing units across a bare escarpment (7.46: no combat): " +
                                 " ".join("%s/%s" % k for k in esc_pairs)) if esc_pairs else ""))

    # ---- report ------------------------------------------------------------------------------------------
    print("map %s (%s): columns %d-%d, rows %d-%d, lowered %s, %d hexes (%d land)" % (
        doc.get("map"), doc.get("status"), c0, c1, r0, r1, g.lowered, len(g.ids), sum(is_land.values())))
    print("terrain:  " + ", ".join("%s %d" % kv for kv in sorted(Counter(terrain.values()).items())))
    print("features: " + (", ".join("%s %d" % (f, len(h)) for f, h in features.items()) or "none"))
    print("hexsides: " + ", ".join("%s %d" % (f, len(s)) for f, s in sides.items()))
    print("road/trail climbing an escarpment: " + (" ".join("%s/%s" % k for k in crossings) or "none"))
    print("places:   " + ", ".join("%s %s" % kv for kv in places.items()))
    print("zones:    " + ", ".join("%s %d" % (z, len(h)) for z, h in zones.items()))
    print("scenarios:")
    print("\n".join(scen_summary))
    for line in info:
        print("note: " + line)
    if errors:
        for e in errors:
            print("FAIL " + e)
        print("%d problem%s" % (len(errors), "" if len(errors) == 1 else "s"))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
