package hexlab.kernel.hex;

import java.util.Arrays;

/** Dijkstra's search over a {@link HexMap} with a movement budget. */
public final class PathSearch {
    /** Costs within this much over the budget still count: 0.1 + 0.2 must fit a budget of 0.3. */
    static final double EPSILON = 1e-9;

    private PathSearch() {}

    /**
     * Every hex reachable from {@code from} for at most {@code budget}, with the cheapest paths.
     * Of equal-cost hexes the lower index is settled first, so paths are the same on every run.
     */
    public static Reach reach(HexMap map, int from, double budget, MoveCost cost) {
        int n = map.size();
        if (from < 0 || from >= n) throw new IllegalArgumentException("start hex " + from + " is not on the map");
        if (!(budget >= 0)) throw new IllegalArgumentException("budget must be 0 or more, found " + budget);
        double limit = budget + EPSILON;
        double[] dist = new double[n];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        int[] previous = new int[n];
        Arrays.fill(previous, -1);
        boolean[] settled = new boolean[n];
        IndexHeap heap = new IndexHeap(dist);
        dist[from] = 0;
        heap.pushOrDecrease(from);
        while (!heap.isEmpty()) {
            int h = heap.pop();
            settled[h] = true;
            if (!cost.mayLeave(h, h == from)) continue;
            double base = dist[h];
            for (int d = 0; d < 6; d++) {
                int next = map.neighbor(h, d);
                if (next < 0 || settled[next]) continue;
                double c = cost.enter(h, next, d);
                if (!(c >= 0)) {
                    throw new IllegalArgumentException("move cost from " + map.id(h) + " to " + map.id(next)
                            + " must be 0 or more, found " + c);
                }
                double total = base + c;
                if (total <= limit && total < dist[next]) {
                    dist[next] = total;
                    previous[next] = h;
                    heap.pushOrDecrease(next);
                }
            }
        }
        int count = 0;
        int[] reachable = new int[n];
        for (int i = 0; i < n; i++) {
            if (i != from && dist[i] != Double.POSITIVE_INFINITY && cost.mayEnd(i)) reachable[count++] = i;
        }
        return new Reach(from, budget, dist, previous, Arrays.copyOf(reachable, count));
    }

    /** The result of {@link PathSearch#reach}: the cheapest cost to every hex within the budget, and the paths. */
    public static final class Reach {
        private final int start;
        private final double budget;
        private final double[] cost;
        private final int[] previous;
        private final int[] reachable;

        Reach(int start, double budget, double[] cost, int[] previous, int[] reachable) {
            this.start = start;
            this.budget = budget;
            this.cost = cost;
            this.previous = previous;
            this.reachable = reachable;
        }

        public int start() { return start; }

        public double budget() { return budget; }

        /** The cheapest cost to reach the hex; POSITIVE_INFINITY if it cannot be reached within the budget. */
        public double cost(int idx) { return cost[idx]; }

        /** True if a path within the budget reaches the hex, whether or not the move may end there. */
        public boolean reached(int idx) { return cost[idx] != Double.POSITIVE_INFINITY; }

        /** The hexes where the move may end, sorted, without the start hex. */
        public int[] reachable() { return reachable.clone(); }

        /** The cheapest path from the start to {@code to}, both ends included; empty if not reached. */
        public int[] path(int to) {
            if (!reached(to)) return new int[0];
            int n = 1;
            for (int h = to; h != start; h = previous[h]) n++;
            int[] out = new int[n];
            int h = to;
            for (int k = n - 1; k >= 0; k--) {
                out[k] = h;
                h = previous[h]; // the start's previous is -1, read last and never used
            }
            return out;
        }
    }
}
