package hexlab.kernel.play;

/**
 * The game's dice: SplitMix64, whose whole state is one long kept in the game state, so a game
 * replays bit for bit from its seed and a save can carry the generator as it stood.
 */
public final class Dice {
    private long state;
    private long rolls;

    public Dice(long seed) { this.state = seed; }

    public Dice(long state, long rolls) { this.state = state; this.rolls = rolls; }

    public long state() { return state; }

    public long rolls() { return rolls; }

    private long next() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** One die: a d10 reads 0-9 as printed on wargame ten-siders; every other die reads 1-N. */
    public int die(int sides) {
        if (sides < 2 || sides > 1000) throw new IllegalArgumentException("a die needs 2 to 1000 sides, not " + sides);
        rolls++;
        // rejection sampling keeps every face exactly equally likely
        long excess = (Long.remainderUnsigned(-1L, sides) + 1) % sides;   // 2^64 mod sides
        long r;
        do { r = next(); } while (excess != 0 && Long.compareUnsigned(r, -excess) >= 0);
        int face = (int) Long.remainderUnsigned(r, sides);
        return sides == 10 ? face : face + 1;
    }

    /** A uniform index in [0, n), for choices rather than dice (no d10 reading applies). */
    public int below(int n) {
        if (n <= 0) throw new IllegalArgumentException("nothing to choose from");
        long excess = (Long.remainderUnsigned(-1L, n) + 1) % n;
        long r;
        do { r = next(); } while (excess != 0 && Long.compareUnsigned(r, -excess) >= 0);
        return (int) Long.remainderUnsigned(r, n);
    }

    /** Seeds for a batch: game i of master seed s, the same whatever else is run. */
    public static long derive(long master, long index) {
        Dice d = new Dice(master ^ (index * 0xD1B54A32D192ED03L));
        d.next();
        return d.next();
    }
}
