package hexlab.inspector;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written by hand over a socket, every header as given (Host, Origin, Content-Type and
 * Content-Length included, which the JDK's client will not let a test choose): what a hostile page
 * or a careless script may send.
 */
final class RawHttp {
    record Reply(int status, Map<String, String> headers, String body) {}

    private RawHttp() {}

    /** Sends {@code method path} with {@code headers} (a Host header is added unless given) and {@code body}. */
    static Reply send(int port, String method, String path, Map<String, String> headers, String body) {
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        StringBuilder req = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
        boolean host = headers.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("Host"));
        if (!host) req.append("Host: 127.0.0.1:").append(port).append("\r\n");
        headers.forEach((k, v) -> req.append(k).append(": ").append(v).append("\r\n"));
        if (body != null && headers.keySet().stream().noneMatch(k -> k.equalsIgnoreCase("Content-Length"))) req.append("Content-Length: ").append(content.length).append("\r\n");
        req.append("Connection: close\r\n\r\n");
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(180_000);   // beyond the server's stop of a call that does not return in 2 minutes
            OutputStream out = s.getOutputStream();
            out.write(req.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(content);
            out.flush();
            return parse(s.getInputStream());
        } catch (IOException e) {
            throw new AssertionError("request failed: " + e, e);
        }
    }

    private static Reply parse(InputStream in) throws IOException {
        byte[] all = in.readAllBytes();
        int end = -1;
        for (int i = 0; i + 3 < all.length; i++) if (all[i] == '\r' && all[i + 1] == '\n' && all[i + 2] == '\r' && all[i + 3] == '\n') { end = i; break; }
        String head = new String(all, 0, end < 0 ? all.length : end, StandardCharsets.ISO_8859_1);
        String[] lines = head.split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int c = lines[i].indexOf(':');
            if (c > 0) headers.merge(lines[i].substring(0, c).trim().toLowerCase(Locale.ROOT), lines[i].substring(c + 1).trim(), (a, b) -> a + "\n" + b);
        }
        int from = end < 0 ? all.length : end + 4;
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            int i = from;
            while (i < all.length) {
                int nl = i;
                while (nl + 1 < all.length && !(all[nl] == '\r' && all[nl + 1] == '\n')) nl++;
                int size = Integer.parseInt(new String(all, i, nl - i, StandardCharsets.ISO_8859_1).split(";")[0].trim(), 16);
                if (size == 0) break;
                body.write(all, nl + 2, size);
                i = nl + 2 + size + 2;
            }
        } else body.write(all, from, all.length - from);
        return new Reply(status, headers, body.toString(StandardCharsets.UTF_8));
    }
}
