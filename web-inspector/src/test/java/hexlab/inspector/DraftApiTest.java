package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The draft erratum's routes on the toy: an edit replays the line, a bad one is refused, the file downloads, the lab plays it. */
class DraftApiTest extends ToyServerTest {

    private static JsonNode bots(String id) {
        return http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"end\",\"bots\":{\"red\":\"aggressive\",\"blue\":\"aggressive\"}}"));
    }

    @Test
    void aDraftEditReplaysTheLineAndTheDraftDownloadsAndGoesToTheLab() {
        String id = http.ok(http.post("/api/games", "{\"system\":\"toy\",\"scenario\":\"meeting\",\"seed\":7}")).path("id").asText();
        for (JsonNode r = bots(id); r.path("more").asBoolean(); ) r = http.ok(http.post("/api/games/" + id + "/bots", "{\"until\":\"end\",\"bots\":{\"red\":\"aggressive\",\"blue\":\"aggressive\"},\"resume\":true}"));
        JsonNode r = http.ok(http.post("/api/games/" + id + "/draft", "{\"op\":\"replace\",\"path\":\"move/terrain/costs/rough\",\"value\":1}"));
        assertTrue(r.path("game").path("variant").path("id").asText().startsWith("toy+draft:draft@"), r.path("game").toString());
        assertTrue(r.path("report").has("summary"), "the replay report: " + r.path("report"));
        assertEquals("draft", r.path("game").path("variant").path("drafts").get(0).path("erratum").asText());

        Http.Reply bad = http.post("/api/games/" + id + "/draft", "{\"op\":\"replace\",\"path\":\"move/terrain/costs/rough\",\"value\":\"cheap\"}");
        assertEquals(400, bad.status(), bad.text());
        assertTrue(bad.json().path("error").asText().contains("expected a number"), bad.text());

        JsonNode named = http.ok(http.put("/api/games/" + id + "/draft", "{\"id\":\"cheap-rough-2\",\"label\":\"Rough costs 1\"}"));
        assertTrue(named.path("game").path("variant").path("id").asText().startsWith("toy+draft:cheap-rough-2@"));
        Http.Reply yaml = http.get("/api/games/" + id + "/draft.yaml");
        assertEquals(200, yaml.status());
        assertTrue(yaml.text().contains("erratum: cheap-rough-2") && yaml.text().contains("path: move/terrain/costs/rough") && yaml.text().contains("value: 1"), yaml.text());
        JsonNode save = http.ok(http.get("/api/games/" + id + "/save"));
        assertEquals("cheap-rough-2", save.path("drafts").get(0).path("erratum").asText(), "the save holds the draft");

        JsonNode variant = named.path("game").path("variant");
        String lab = "{\"system\":\"toy\",\"scenario\":\"meeting\",\"games\":2,\"seed\":\"1\",\"bots\":\"aggressive\",\"threads\":1,\"variants\":["
                + "{\"name\":\"without\",\"variant\":\"\"},{\"name\":\"drafted\",\"variant\":\"" + variant.path("spec").asText() + "\",\"drafts\":" + variant.path("drafts") + "}]}";
        Http.Reply started = http.post("/api/lab", lab);
        assertEquals(202, started.status(), started.text());

        JsonNode dropped = http.ok(http.delete("/api/games/" + id + "/draft"));
        assertEquals("toy", dropped.path("game").path("variant").path("id").asText());
    }
}
