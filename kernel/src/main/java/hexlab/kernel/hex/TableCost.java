package hexlab.kernel.hex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A declarative {@link MoveCost}: a cost per terrain type and per priced hex feature, rules per
 * hexside feature, and per-hex extras. The cost to enter a hex is
 * <ol>
 *   <li>prohibited if the hex is {@linkplain #blocked blocked}, or a {@linkplain #block blocking}
 *       hexside feature is crossed without one of its {@code unless} features on the same hexside;</li>
 *   <li>else the entered hex's terrain cost (or its costliest {@linkplain #featureCost priced
 *       feature}'s), replaced by the lowest {@linkplain #replace replace}
 *       value among the features on the crossed hexside (a road), plus every {@linkplain #add add}
 *       value on it (an obstacle), plus {@linkplain #enterAdd enterAdd} of the entered hex and
 *       {@linkplain #leaveAdd leaveAdd} of the hex left.</li>
 * </ol>
 * Hexside features that play has {@linkplain #removed removed} from a hexside are ignored there.
 * {@linkplain #stop Stop} hexes end the move of a unit that enters them (a unit starting in one may
 * leave it); {@linkplain #noEnd noEnd} hexes may be passed through but not ended in.
 *
 * <p>Configure it, then search with it; the setters return this for chaining. Once configured it
 * is only read, so one instance may serve searches on several threads.
 * {@link #fromSpec} builds one from a plain map, as read from a table.
 */
public final class TableCost implements MoveCost {
    private static final double PROHIBITED = Double.POSITIVE_INFINITY;

    private final HexMap map;
    private final double[] terrain;
    private final double[] replace;
    private final double[] add;
    private final long[] unless;
    private long replaceMask;
    private long addMask;
    private long blockMask;
    private final double[] enterAdd;
    private final double[] leaveAdd;
    private final double[] sideAdd;      // per hexside, by hex * 6 + direction, set for both sides
    private final boolean[] blocked;
    private final boolean[] stop;
    private final boolean[] noEnd;
    private final double[] featureCost;  // per hex: the cost of its costliest priced hex feature, NaN: its terrain's
    private final long[] removed;        // per hexside, by hex * 6 + direction: features play has taken off it

    /** Terrain costs indexed as {@link HexMap#terrainTypes()}; POSITIVE_INFINITY = prohibited. */
    public TableCost(HexMap map, double[] terrainCosts) {
        this(map, checkedTerrain(map, terrainCosts), new double[64], new double[64], new long[64], 0, 0, 0,
                new double[map.size()], new double[map.size()], new double[map.size() * 6],
                new boolean[map.size()], new boolean[map.size()], new boolean[map.size()], nan(map.size()), new long[map.size() * 6]);
    }

    private static double[] nan(int n) {
        double[] out = new double[n];
        Arrays.fill(out, Double.NaN);
        return out;
    }

    /**
     * Terrain costs by terrain type id. A type the map has but the costs omit is prohibited if
     * {@code unlistedProhibited}, otherwise an IllegalArgumentException; so is a type the map lacks.
     */
    public TableCost(HexMap map, Map<String, Double> terrainCosts, boolean unlistedProhibited) {
        this(map, terrainArray(map, terrainCosts, unlistedProhibited));
    }

    private TableCost(HexMap map, double[] terrain, double[] replace, double[] add, long[] unless,
                      long replaceMask, long addMask, long blockMask, double[] enterAdd, double[] leaveAdd, double[] sideAdd,
                      boolean[] blocked, boolean[] stop, boolean[] noEnd, double[] featureCost, long[] removed) {
        this.map = map;
        this.terrain = terrain;
        this.replace = replace;
        this.add = add;
        this.unless = unless;
        this.replaceMask = replaceMask;
        this.addMask = addMask;
        this.blockMask = blockMask;
        this.enterAdd = enterAdd;
        this.leaveAdd = leaveAdd;
        this.sideAdd = sideAdd;
        this.blocked = blocked;
        this.stop = stop;
        this.noEnd = noEnd;
        this.featureCost = featureCost;
        this.removed = removed;
    }

    /** Builds a cost model from a spec; see {@link TableCostSpec} for its keys. */
    public static TableCost fromSpec(HexMap map, Map<String, Object> spec) {
        return TableCostSpec.build(map, spec);
    }

    /** A copy of {@code base} with a spec's per-hex extras (no terrain or hexsides of its own). */
    public static TableCost fromSpec(TableCost base, Map<String, Object> spec) {
        return TableCostSpec.extend(base.map, base, spec);
    }

    /** An independent copy, to add one unit's extras to a shared base model. */
    public TableCost copy() {
        return new TableCost(map, terrain.clone(), replace.clone(), add.clone(), unless.clone(),
                replaceMask, addMask, blockMask, enterAdd.clone(), leaveAdd.clone(), sideAdd.clone(),
                blocked.clone(), stop.clone(), noEnd.clone(), featureCost.clone(), removed.clone());
    }

    public HexMap map() { return map; }

    // --- configuration ---

    /** Crossing a hexside with this feature costs {@code cost} instead of the entered hex's terrain. */
    public TableCost replace(String feature, double cost) {
        int bit = map.featureBit(feature);
        checkCost(cost, "replace " + feature);
        if (bit < 0) return this;   // a cost table covers more features than one map has
        replace[bit] = checkCost(cost, "replace " + feature);
        replaceMask |= 1L << bit;
        return this;
    }

    /** Crossing a hexside with this feature costs {@code cost} more. */
    public TableCost add(String feature, double cost) {
        int bit = map.featureBit(feature);
        checkCost(cost, "add " + feature);
        if (bit < 0) return this;
        add[bit] = checkCost(cost, "add " + feature);
        addMask |= 1L << bit;
        return this;
    }

    /** A hexside with this feature may not be crossed, unless one of the {@code unlessFeatures} is on it too. */
    public TableCost block(String feature, String... unlessFeatures) {
        int bit = map.featureBit(feature);
        if (bit < 0) return this;
        long mask = 0;
        for (String u : unlessFeatures) if (map.featureBit(u) >= 0) mask |= 1L << map.featureBit(u);
        unless[bit] = mask;
        blockMask |= 1L << bit;
        return this;
    }

    /**
     * A hex with this feature costs {@code cost} to enter instead of its terrain (a fortification
     * printed over other terrain); with several priced features, the costliest. A hexside's
     * {@linkplain #replace replace} still wins over it.
     */
    public TableCost featureCost(String feature, double cost) {
        checkCost(cost, "feature " + feature);
        for (int i : map.featureHexes(feature)) featureCost[i] = Double.isNaN(featureCost[i]) ? cost : Math.max(featureCost[i], cost);
        return this;
    }

    /**
     * The hexside between the adjacent hexes {@code a} and {@code b} has lost {@code feature} in
     * play (a gap cleared through wire, a blown bridge): the search ignores it there, either way.
     */
    public TableCost removed(String feature, int a, int b) {
        int d = map.directionTo(a, b);
        if (d < 0) throw new IllegalArgumentException("removed " + feature + " " + map.id(a) + "/" + map.id(b) + ": the hexes are not adjacent");
        int bit = map.featureBit(feature);
        if (bit < 0) return this;
        removed[a * 6 + d] |= 1L << bit;
        removed[b * 6 + map.directionTo(b, a)] |= 1L << bit;
        return this;
    }

    /** Adds {@code extra} to the cost of entering the hex (on top of any extra already set). */
    public TableCost enterAdd(int idx, double extra) {
        enterAdd[idx] += checkCost(extra, "enterAdd " + map.id(idx));
        return this;
    }

    /** Adds {@code extra} to the cost of every move out of the hex (on top of any extra already set). */
    public TableCost leaveAdd(int idx, double extra) {
        leaveAdd[idx] += checkCost(extra, "leaveAdd " + map.id(idx));
        return this;
    }

    /**
     * Adds {@code extra} to every crossing of the hexside between the adjacent hexes {@code a} and
     * {@code b}, either way: what a rule puts on one hexside that the map does not draw.
     */
    public TableCost sideAdd(int a, int b, double extra) {
        int d = map.directionTo(a, b);
        if (d < 0) throw new IllegalArgumentException("sideAdd " + map.id(a) + "/" + map.id(b) + ": the hexes are not adjacent");
        checkCost(extra, "sideAdd " + map.id(a) + "/" + map.id(b));
        sideAdd[a * 6 + d] += extra;
        sideAdd[b * 6 + map.directionTo(b, a)] += extra;
        return this;
    }

    /** The hex may not be entered. */
    public TableCost blocked(int idx) {
        blocked[idx] = true;
        return this;
    }

    /** A unit that enters the hex must stop there. */
    public TableCost stop(int idx) {
        stop[idx] = true;
        return this;
    }

    /** A unit may pass through the hex but not end its move there. */
    public TableCost noEnd(int idx) {
        noEnd[idx] = true;
        return this;
    }

    // --- MoveCost ---

    @Override
    public double enter(int from, int to, int dir) {
        if (blocked[to]) return PROHIBITED;
        double own = featureCost[to];
        double cost = own == own ? own : terrain[map.terrainIndex(to)];
        long side = map.hexsideMask(from, dir) & ~removed[from * 6 + dir];
        if (side != 0) {
            for (long m = side & blockMask; m != 0; m &= m - 1) {
                if ((side & unless[Long.numberOfTrailingZeros(m)]) == 0) return PROHIBITED;
            }
            long m = side & replaceMask;
            if (m != 0) {
                double lowest = PROHIBITED;
                for (; m != 0; m &= m - 1) lowest = Math.min(lowest, replace[Long.numberOfTrailingZeros(m)]);
                cost = lowest;
            }
            for (m = side & addMask; m != 0; m &= m - 1) cost += add[Long.numberOfTrailingZeros(m)];
        }
        return cost + enterAdd[to] + leaveAdd[from] + sideAdd[from * 6 + dir];
    }

    @Override
    public boolean mayLeave(int hex, boolean isStart) { return isStart || !stop[hex]; }

    @Override
    public boolean mayEnd(int hex) { return !noEnd[hex]; }

    /** How {@link #enter} arrives at its cost, for traces: "0203 clear 2; road replaces: 0.5; +river 2 = 2.5". */
    public String explain(int from, int to, int dir) {
        StringBuilder sb = new StringBuilder(map.id(to)).append(' ').append(map.terrain(to)).append(' ')
                .append(number(terrain[map.terrainIndex(to)]));
        if (!Double.isNaN(featureCost[to])) sb.append("; hex feature instead: ").append(number(featureCost[to]));
        if (blocked[to]) return sb.append("; hex blocked = prohibited").toString();
        long side = map.hexsideMask(from, dir) & ~removed[from * 6 + dir];
        List<String> names = map.hexsideFeatureNames();
        for (long m = side & blockMask; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            if ((side & unless[b]) == 0) return sb.append("; hexside ").append(names.get(b)).append(" = prohibited").toString();
        }
        for (long m = side & replaceMask; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            sb.append("; ").append(names.get(b)).append(" replaces: ").append(number(replace[b]));
        }
        for (long m = side & addMask; m != 0; m &= m - 1) {
            int b = Long.numberOfTrailingZeros(m);
            sb.append("; +").append(names.get(b)).append(' ').append(number(add[b]));
        }
        if (enterAdd[to] != 0) sb.append("; +enter ").append(number(enterAdd[to]));
        if (leaveAdd[from] != 0) sb.append("; +leave ").append(number(leaveAdd[from]));
        if (sideAdd[from * 6 + dir] != 0) sb.append("; +hexside ").append(number(sideAdd[from * 6 + dir]));
        return sb.append(" = ").append(number(enter(from, to, dir))).toString();
    }

    private static String number(double v) {
        if (v == PROHIBITED) return "prohibited";
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    // --- checks ---

    private static double checkCost(double cost, String what) {
        if (!(cost >= 0)) throw new IllegalArgumentException(what + ": a cost must be 0 or more, found " + cost);
        return cost;
    }

    private static double[] checkedTerrain(HexMap map, double[] costs) {
        List<String> types = map.terrainTypes();
        if (costs.length != types.size()) {
            throw new IllegalArgumentException("expected " + types.size() + " terrain costs (" + String.join(", ", types)
                    + "), found " + costs.length);
        }
        for (int i = 0; i < costs.length; i++) checkCost(costs[i], "terrain " + types.get(i));
        return costs.clone();
    }

    private static double[] terrainArray(HexMap map, Map<String, Double> costs, boolean unlistedProhibited) {
        // terrain types this map lacks are ignored: a system's cost table covers all of its maps
        for (Map.Entry<String, Double> e : costs.entrySet()) checkCost(e.getValue(), "terrain " + e.getKey());
        double[] out = new double[map.terrainTypes().size()];
        Arrays.fill(out, PROHIBITED);
        for (int t = 0; t < out.length; t++) {
            String type = map.terrainTypes().get(t);
            Double c = costs.get(type);
            if (c == null && !unlistedProhibited) {
                throw new IllegalArgumentException("no cost for terrain \"" + type
                        + "\" (give one, or let unlisted terrain be prohibited)");
            }
            if (c != null) out[t] = checkCost(c, "terrain " + type);
        }
        return out;
    }
}
