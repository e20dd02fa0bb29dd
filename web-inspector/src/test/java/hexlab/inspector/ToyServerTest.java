package hexlab.inspector;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** API tests on the toy system: one inspector server on a free port for the whole class, and a client for it. */
abstract class ToyServerTest {
    static InspectorServer server;
    static Http http;

    @BeforeAll
    static void start() {
        server = InspectorServer.start(Roots.toy(), "127.0.0.1", 0);
        http = new Http(server.port());
    }

    @AfterAll
    static void stop() { server.stop(); }
}
