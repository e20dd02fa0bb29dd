package hexlab.kernel.play;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DiceTest {
    @Property
    void d10ReadsZeroToNineAndOtherDiceOneToN(@ForAll long seed, @ForAll @IntRange(min = 2, max = 100) int sides) {
        Dice d = new Dice(seed);
        for (int i = 0; i < 50; i++) {
            int f = d.die(sides);
            if (sides == 10) assertTrue(f >= 0 && f <= 9, "d10 face " + f);
            else assertTrue(f >= 1 && f <= sides, "d" + sides + " face " + f);
        }
    }

    @Property
    void theSameSeedRollsTheSameFacesAndTheStateResumes(@ForAll long seed, @ForAll @IntRange(min = 0, max = 40) int before) {
        Dice a = new Dice(seed), b = new Dice(seed);
        for (int i = 0; i < before; i++) assertEquals(a.die(6), b.die(6));
        Dice resumed = new Dice(a.state(), a.rolls());
        for (int i = 0; i < 20; i++) assertEquals(a.die(10), resumed.die(10));
        assertEquals(a.rolls(), resumed.rolls());
    }

    @Property
    void belowStaysInRange(@ForAll long seed, @ForAll @IntRange(min = 1, max = 1000) int n) {
        Dice d = new Dice(seed);
        for (int i = 0; i < 20; i++) {
            int x = d.below(n);
            assertTrue(x >= 0 && x < n);
        }
    }

    @Test
    void facesAreEquallyLikely() {
        // chi-square over 60,000 d6 rolls: 5 degrees of freedom, 99.9% critical value 20.5
        Dice d = new Dice(12345);
        int[] count = new int[7];
        int n = 60_000;
        for (int i = 0; i < n; i++) count[d.die(6)]++;
        double chi = 0;
        for (int f = 1; f <= 6; f++) chi += Math.pow(count[f] - n / 6.0, 2) / (n / 6.0);
        assertTrue(chi < 20.5, "chi-square " + chi);
    }

    @Test
    void derivedSeedsDifferAndRepeat() {
        assertEquals(Dice.derive(7, 3), Dice.derive(7, 3));
        assertTrue(Dice.derive(7, 3) != Dice.derive(7, 4) && Dice.derive(7, 3) != Dice.derive(8, 3));
    }
}
