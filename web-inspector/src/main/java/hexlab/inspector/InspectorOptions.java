package hexlab.inspector;

import java.nio.file.Path;
import java.util.List;

/**
 * How an inspector serves: where its systems and its games live, where it listens, who may talk to
 * it, and how much it may take on.
 *
 * @param root         the project root (tables/, rules-scripts/, scenarios/)
 * @param host         the address to bind; loopback unless told otherwise
 * @param port         0 picks a free port
 * @param practice     bot decisions of each system played in the background while idle
 * @param data         where games are kept as they are played (null: a temporary folder removed at stop)
 * @param token        the access token a request must carry: {@link #AUTO} (one made at start when
 *                     binding beyond loopback, none on loopback), {@link #NONE}, or a given token
 * @param allowHosts   Host header names served beside the loopback names and the bound address
 * @param labMaxGames  games per variant a lab batch may ask for
 * @param memoryBudget bytes of heap the open games may keep before the least recently used are set
 *                     aside to disk (0: three fifths of the maximum heap)
 */
public record InspectorOptions(Path root, String host, int port, int practice, Path data, String token, List<String> allowHosts,
                               int labMaxGames, long memoryBudget) {
    /** Make a token at start when binding beyond loopback. */
    public static final String AUTO = "";
    /** No token, whatever the address (serve --no-token). */
    public static final String NONE = "-";

    /** Loopback defaults: no practice, a temporary data folder, no token, the default lab limit and memory budget. */
    public static InspectorOptions of(Path root, String host, int port) {
        return new InspectorOptions(root, host, port, 0, null, AUTO, List.of(), Lab.MAX_GAMES, 0);
    }

    public InspectorOptions practice(int n) { return new InspectorOptions(root, host, port, n, data, token, allowHosts, labMaxGames, memoryBudget); }

    public InspectorOptions data(Path folder) { return new InspectorOptions(root, host, port, practice, folder, token, allowHosts, labMaxGames, memoryBudget); }

    public InspectorOptions token(String t) { return new InspectorOptions(root, host, port, practice, data, t, allowHosts, labMaxGames, memoryBudget); }

    public InspectorOptions allowHosts(List<String> hosts) { return new InspectorOptions(root, host, port, practice, data, token, List.copyOf(hosts), labMaxGames, memoryBudget); }

    public InspectorOptions labMaxGames(int n) { return new InspectorOptions(root, host, port, practice, data, token, allowHosts, n, memoryBudget); }

    public InspectorOptions memoryBudget(long bytes) { return new InspectorOptions(root, host, port, practice, data, token, allowHosts, labMaxGames, bytes); }
}
