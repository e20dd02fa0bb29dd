package hexlab.inspector;

import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.HandlerType;
import io.javalin.http.SameSite;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Who may talk to the inspector, checked before every request, pages and API alike. It runs the
 * rules of whatever systems it serves and a console that evaluates scripts, so a web page the user
 * happens to visit must not reach it:
 * <ul>
 * <li>the Host header must name the inspector (the loopback names, the address bound, names allowed
 *     at start): a DNS-rebinding page's own name is refused;</li>
 * <li>the API answers no request another site's page makes (its Origin is not the inspector's, or
 *     the browser says it is cross-site), and takes bodies only as application/json (text/csv for
 *     a CSV upload), which no page can send across sites without the inspector's consent;</li>
 * <li>bound beyond loopback it asks for the access token printed at start: in the address once
 *     ({@code ?token=}, which sets a cookie, as notebook servers do), or a header for programs.</li>
 * </ul>
 */
final class Guard {
    /** The query parameter that carries the token in the printed address. */
    static final String TOKEN_PARAM = "token";
    /** The header a program (simulate --server) sends the token in. */
    static final String TOKEN_HEADER = "X-Hexlab-Token";

    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "::1", "[::1]");
    private static final Set<String> SIMPLE_TYPES = Set.of("text/plain", "application/x-www-form-urlencoded", "multipart/form-data");

    private final Set<String> hosts;
    private final String token;      // null: none asked for
    private final Map<String, String> bodyTypes = new HashMap<>();    // path -> the content type it takes instead of JSON
    private String cookie = "hexlab-token";

    private Guard(Set<String> hosts, String token) {
        this.hosts = hosts;
        this.token = token;
    }

    /** The guard for a server bound to {@code host}, answering also to {@code allowHosts}; {@code token} as {@link InspectorOptions#token}. */
    static Guard of(String host, List<String> allowHosts, String token) {
        Set<String> names = new LinkedHashSet<>(LOOPBACK);
        String bound = bare(host);
        boolean wildcard = bound.equals("0.0.0.0") || bound.equals("::") || bound.equals("[::]");
        if (!wildcard) names.add(bound);
        else names.addAll(localNames());
        for (String h : allowHosts) names.add(bare(h));
        boolean loopback = LOOPBACK.contains(bound) || bound.startsWith("127.");
        String t = token == null || token.equals(InspectorOptions.NONE) ? null
                : !token.equals(InspectorOptions.AUTO) ? token
                : loopback ? null : newToken();
        return new Guard(Collections.unmodifiableSet(names), t);
    }

    /** The token a request must carry, null if none is asked for. */
    String token() { return token; }

    /** The names the Host header may give. */
    Set<String> hosts() { return hosts; }

    /** Once the port is known: the cookie is per port, so two inspectors on one machine keep their own. */
    void port(int port) { cookie = "hexlab-token-" + port; }

    /** A route whose body is not JSON, and the content type it takes instead. */
    void takes(String path, String contentType) { bodyTypes.put(path, contentType); }

    /** Checks a request before it is served; a refusal is thrown as an ApiError (403, 401, 415). */
    void check(Context ctx) {
        String host = ctx.header("Host");
        if (host != null && !hosts.contains(bare(host))) {
            throw new ApiError(403, "this inspector answers to " + String.join(", ", hosts.stream().filter(x -> !x.equals("::1")).toList()) + ", not to the host \"" + host
                    + "\" (a page that renamed itself to reach it?); start it with --allow-host NAME to serve that name");
        }
        boolean api = ctx.path().startsWith("/api/");
        if (token != null && !tokenGiven(ctx)) {
            throw new ApiError(401, "this inspector needs its access token: open the address it printed at start (with ?token=...), or send the "
                    + TOKEN_HEADER + " header");
        }
        if (!api) return;
        String site = ctx.header("Sec-Fetch-Site");
        if (site != null && !site.equals("same-origin") && !site.equals("none")) {
            throw new ApiError(403, "the inspector's API answers its own pages only (the browser says this request comes from a " + site + " page)");
        }
        String origin = ctx.header("Origin");
        if (origin != null && (host == null || !origin.equalsIgnoreCase("http://" + host))) {
            throw new ApiError(403, "the inspector's API answers its own pages only, not a page from " + origin);
        }
        HandlerType m = ctx.method();
        if (m == HandlerType.GET || m == HandlerType.HEAD || m == HandlerType.OPTIONS) return;
        String type = ctx.contentType() == null ? null : ctx.contentType().split(";")[0].trim().toLowerCase(Locale.ROOT);
        String wanted = bodyTypes.getOrDefault(ctx.path(), "application/json");
        if (type == null ? ctx.contentLength() > 0 : !type.equals(wanted)) {
            throw new ApiError(415, "send the body as " + wanted + (type == null ? "" : ", not " + type)
                    + (type != null && SIMPLE_TYPES.contains(type) ? " (a type any page may send)" : ""));
        }
    }

    // the token from the cookie, the header, or the address (which sets the cookie)
    private boolean tokenGiven(Context ctx) {
        if (same(ctx.cookie(cookie)) || same(ctx.header(TOKEN_HEADER))) return true;
        if (!same(ctx.queryParam(TOKEN_PARAM))) return false;
        ctx.cookie(new Cookie(cookie, token, "/", -1, false, 0, true, null, null, SameSite.LAX));
        return true;
    }

    private boolean same(String given) {
        return given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8));
    }

    /** A host name without its port, brackets kept off an IPv6 address, in lower case. */
    static String bare(String hostHeader) {
        String h = hostHeader.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            return end > 0 ? h.substring(1, end) : h;
        }
        int colon = h.indexOf(':');
        return colon >= 0 && colon == h.lastIndexOf(':') ? h.substring(0, colon) : h;
    }

    // bound to every interface: every address of this machine, and its names
    private static Set<String> localNames() {
        Set<String> out = new LinkedHashSet<>();
        try {
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                for (InetAddress a : Collections.list(ni.getInetAddresses())) out.add(bare(a.getHostAddress().replaceAll("%.*$", "")));
            }
        } catch (SocketException e) {
            // the loopback names still serve
        }
        try {
            InetAddress me = InetAddress.getLocalHost();
            out.add(me.getHostName().toLowerCase(Locale.ROOT));
            out.add(me.getCanonicalHostName().toLowerCase(Locale.ROOT));
        } catch (java.io.IOException e) {
            // no name of its own
        }
        return out;
    }

    private static String newToken() {
        byte[] b = new byte[24];
        new SecureRandom().nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
