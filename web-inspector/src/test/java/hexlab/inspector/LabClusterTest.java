package hexlab.inspector;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.lab.cluster.Cluster;
import hexlab.kernel.lab.cluster.ClusterPlayers;
import hexlab.kernel.lab.cluster.LabMember;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** serve --cluster: the lab page's batches play on the cluster's members, with the games of a batch played here. */
// a cluster member and servers of its own, mostly waiting on them: it runs beside the other classes
@Execution(ExecutionMode.CONCURRENT)
class LabClusterTest {
    // each game's row without how much of the shared opening it took, which depends on the worker that played it
    static List<JsonNode> rows(JsonNode batch) {
        List<JsonNode> out = new java.util.ArrayList<>();
        for (JsonNode g : batch.get("games")) out.add(((com.fasterxml.jackson.databind.node.ObjectNode) g.deepCopy()).without("opening"));
        return out;
    }

    @Test
    void aBatchOfTheLabPlaysOnTheClustersMembersWithTheSameGames() {
        String body = "{\"system\":\"toy\",\"scenario\":\"meeting\",\"games\":6,\"seed\":5,\"bots\":\"aggressive\",\"threads\":2," + LabApiTest.TWO_VARIANTS + "}";
        InspectorServer here = InspectorServer.start(Roots.toy(), "127.0.0.1", 0);
        JsonNode local;
        try {
            Http http = new Http(here.port());
            local = LabApiTest.finished(http, http.post("/api/lab", body).json());
        } finally {
            here.stop();
        }
        LabMember member = new LabMember(Roots.toy(), Cluster.member("127.0.0.1", 5871, List.of("127.0.0.1:5871"), 2), 2, l -> {});
        InspectorServer server = InspectorServer.start(Roots.toy(), "127.0.0.1", 0);
        try (ClusterPlayers cluster = new ClusterPlayers(List.of("127.0.0.1:5871"), l -> {})) {
            server.useCluster(cluster);
            Http http = new Http(server.port());
            JsonNode b = LabApiTest.finished(http, http.post("/api/lab", body).json());
            assertEquals("done", b.get("state").asText(), b.toString());
            assertEquals(rows(local), rows(b), "the same games, in the same order");
            assertEquals(local.get("variants"), b.get("variants"));
            JsonNode m = b.get("cluster").get("members").get(member.name());
            assertEquals(12, m.get("games").asInt(), b.get("cluster").toString());
            assertTrue(b.get("cluster").get("rates").asText().contains(member.name()), b.get("cluster").toString());
        } finally {
            server.stop();
            member.close();
        }
    }
}
