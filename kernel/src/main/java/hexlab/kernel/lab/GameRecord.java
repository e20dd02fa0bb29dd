package hexlab.kernel.lab;

import java.util.Map;

/**
 * What a batch keeps of one game: enough to summarise and to reopen it (variant + seed), never
 * the game itself, so ten thousand games fit in a small heap.
 *
 * @param hash   the state hash at the end (or where the game broke): a reopened game must reach it
 * @param winner the result's winner, "draw" when none was named, "error" when the game broke
 * @param usage  how often each table, option, erratum and rule decided something in this game
 * @param error  the engine or rule error that stopped the game, or null
 * @param save   a save reproducing a broken game, or null
 * @param opening the actions the game took from the opening another game of the batch played (the
 *                moves before any die, shared by every seed); 0 when it played them itself
 */
public record GameRecord(String variant, int game, long seed, String winner, String level, int turn, int actions, String hash,
                         Map<String, Double> metrics, Map<String, Integer> usage, String error, String save, int opening) {}
