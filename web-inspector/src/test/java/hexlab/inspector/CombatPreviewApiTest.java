package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET /api/games/{id}/preview on the toy (rule 4, and rule 6's face-down units): a candidate attack
 * previewed without a roll, as a side through its view, and bad requests refused with a 400 that says why.
 */
class CombatPreviewApiTest extends ToyServerTest {

    static String game(String scenario) {
        return http.ok(http.post("/api/games", "{\"system\":\"toy\",\"scenario\":\"" + scenario + "\",\"seed\":1}")).path("id").asText();
    }

    @Test
    void toy42ACandidateAttackIsPreviewedWithItsColumnAndRowAndNothingIsRolled() {
        String id = game("meeting");
        JsonNode before = http.ok(http.get("/api/games/" + id));
        assertTrue(before.path("game").path("preview").asBoolean(), "the page is told the system has a preview");
        JsonNode none = http.ok(http.get("/api/games/" + id + "/preview"));
        assertTrue(none.path("preview").isNull(), "nothing composed: " + none);
        JsonNode p = http.ok(http.get("/api/games/" + id + "/preview?hex=0702&attackers=r1")).path("preview");
        assertEquals("1:1", p.path("fires").get(0).path("column").path("label").asText(), p.toString());
        assertEquals(6, p.path("fires").get(0).path("results").size());
        assertEquals("0102", p.path("attackers").get(0).path("hex").asText(), "the arrow's tail");
        assertEquals(before.path("position").path("hash"), http.ok(http.get("/api/games/" + id)).path("position").path("hash"), "the game is as it was");
    }

    @Test
    void toy61AsASideAFaceDownDefendersStrengthIsSaidToBeHiddenAndAPieceItCannotSeeIsNoError() {
        String id = game("ambush");
        JsonNode red = http.ok(http.get("/api/games/" + id + "/preview?hex=0503&attackers=r2&as=red"));
        assertEquals("red", red.path("as").asText());
        assertEquals(0, red.path("preview").path("fires").size(), red.toString());
        assertTrue(red.path("preview").path("hidden").get(0).asText().contains("face-down"), red.toString());
        assertFalse(red.toString().matches(".*\\bb4\\b.*"), "no face-down unit named: " + red);
        // blue's face-down b4 asked for as red: answered as a piece red cannot see, not refused (that would tell it exists)
        assertEquals(http.get("/api/games/" + id + "/preview?hex=0503&attackers=b4&as=red").status(), http.get("/api/games/" + id + "/preview?hex=0503&attackers=zz9&as=red").status());
        JsonNode designer = http.ok(http.get("/api/games/" + id + "/preview?hex=0503&attackers=r2"));
        assertEquals(1, designer.path("preview").path("fires").size(), "the designer sees the odds: " + designer);
    }

    @Test
    void badRequestsAreRefusedWithAClear400() {
        String id = game("meeting");
        String[][] cases = {
            {"?hex=9999&attackers=r1", "not a hex of the map"},
            {"?attackers=r1", "go with"},
            {"?hex=0702&attackers=zz9", "not a piece of this position"},
            {"?hex=0702&attackers=r1,r1", "names a unit twice"},
            {"?hex=0702&attackers=r1,,r2", "no empty entry"},
            {"?hex=0702&unit=r1", "unknown query parameter"},
            {"?as=green", "expected a side"},
        };
        for (String[] c : cases) {
            Http.Reply r = http.get("/api/games/" + id + "/preview" + c[0]);
            assertEquals(400, r.status(), c[0] + ": " + r.text());
            assertTrue(r.text().contains(c[1]), c[0] + ": " + r.text());
        }
        assertEquals(404, http.get("/api/games/nope/preview").status());
    }
}
