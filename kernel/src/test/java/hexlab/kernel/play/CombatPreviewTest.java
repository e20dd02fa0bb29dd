package hexlab.kernel.play;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Fixtures;
import hexlab.kernel.Kernel;
import hexlab.kernel.script.RuleError;
import hexlab.kernel.util.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The combat preview a system declares (system.yaml preview:): asked of the toy's rule 4 it reads
 * the same column and table the resolution reads, rolls no die, changes nothing, keeps its trace
 * out of the game's log, and answers a side from its view (rule 6: a face-down strength stays hidden).
 */
class CombatPreviewTest {
    @TempDir Path dir;

    static JsonNode args(String hex, String... attackers) {
        return Json.read("{\"hex\":\"" + hex + "\",\"attackers\":" + Json.write(Json.MAPPER.valueToTree(List.of(attackers))) + "}");
    }

    /** Midturn with b1 next to r1, played to the first attack the side to act may make. */
    static Game toAnAttack(Kernel k, long seed) {
        Game g = k.start(k.variant("toy", ""), "midturn", seed);
        for (int i = 0; i < 40; i++) {
            List<JsonNode> acts = g.legalActions();
            if (acts.stream().anyMatch(a -> a.path("do").asText().equals("attack"))) return g;
            JsonNode combat = acts.stream().filter(a -> a.path("impulse").asText().equals("combat")).findFirst().orElse(acts.get(acts.size() - 1));
            assertTrue(g.apply(combat).accepted());
        }
        throw new AssertionError("no attack offered in midturn");
    }

    @Test
    void toy42ThePreviewsColumnAndResultsRowAreTheOnesTheResolvedAttackReads() {
        Kernel k = Fixtures.edited(dir, "scenarios/toy/midturn.yaml", "hex: \"0502\"", "hex: \"0402\"");
        for (long seed = 1; seed <= 4; seed++) {
            Game g = toAnAttack(k, seed);
            JsonNode attack = g.legalActions().stream().filter(a -> a.path("do").asText().equals("attack")).findFirst().orElseThrow();
            String unit = attack.path("unit").asText(), target = attack.path("target").asText();
            String hex = Json.read(g.stateJson()).path("pieces").path(target).path("hex").asText();
            String hash = g.stateHash();
            JsonNode p = g.preview(args(hex, unit), null);
            assertEquals(hash, g.stateHash(), "a preview changes nothing, the dice included");
            assertTrue(g.startEvents().isEmpty(), "its entries are not the game's");
            JsonNode fire = p.path("fires").get(0);
            assertEquals(6, fire.path("results").size(), "one result for each face of the d6: " + p);
            List<JsonNode> events = g.apply(attack).events();
            JsonNode crt = events.stream().filter(e -> "4.2".equals(e.path("rule").asText()) && e.has("cell")).findFirst().orElseThrow();
            assertEquals(crt.path("cell").path("column").asText(), fire.path("column").path("label").asText(), "the column");
            int die = crt.path("cell").path("row").asInt();
            assertEquals(crt.path("result").asText(), fire.path("results").get(die - 1).path("result").asText(), "the previewed result of die " + die);
        }
    }

    @Test
    void toy42AnErratumToTheCrtChangesThePreview() {
        Kernel k = Fixtures.toy();
        Game base = k.start(k.variant("toy", ""), "meeting", 1), gentle = k.start(k.variant("toy", "errata:gentler-crt"), "meeting", 1);
        // r1 (4) against b1 (4): 1:1, in clear terrain; not adjacent, which the preview says
        JsonNode a = base.preview(args("0702", "r1"), null), b = gentle.preview(args("0702", "r1"), null);
        assertEquals("1:1", a.path("fires").get(0).path("column").path("label").asText());
        assertEquals("4.1", a.path("problem").path("rule").asText(), "an attack on a hex not next to the attacker is flagged: " + a.path("problem"));
        assertEquals("AE", a.path("fires").get(0).path("results").get(5).path("result").asText());
        assertEquals("AR", b.path("fires").get(0).path("results").get(5).path("result").asText(), "die 6 at 1:1 as the erratum reads it");
    }

    @Test
    void toy61APreviewAskedAsASideShowsWhatItsViewAllowsAndSaysWhatIsHidden() {
        Kernel k = Fixtures.toy();
        Game g = k.start(k.variant("toy", ""), "ambush", 1);
        JsonNode red = g.preview(args("0503", "r2"), "red");
        assertEquals(0, red.path("fires").size(), "no column against a strength red cannot know: " + red);
        assertTrue(red.path("hidden").get(0).asText().contains("face-down"), red.toString());
        assertFalse(Json.write(red).matches(".*\\bb4\\b.*"), "the preview names no face-down unit: " + red);
        JsonNode designer = g.preview(args("0503", "r2"), null);
        assertEquals(1, designer.path("fires").size(), "the designer sees the odds: " + designer);
    }

    @Test
    void aPreviewThatRollsOrChangesTheStateIsAnErrorAndTheGameStaysAsItWas() {
        Path root = Fixtures.copyToy(dir);
        String js = Fixtures.read(root, "rules-scripts/toy/combat.js");
        Fixtures.write(root, "rules-scripts/toy/combat.js", js
                + "\nexport function rolling(ctx) { return { die: ctx.roll(\"d6\", \"peek\") }; }\n"
                + "export function writing(ctx) { ctx.piece(\"r1\").strength = 9; return {}; }\n");
        List<String> bad = new ArrayList<>(List.of("rolling", "writing"));
        for (String export : bad) {
            Fixtures.write(root, "tables/toy/system.yaml", Fixtures.read(root, "tables/toy/system.yaml").replaceAll("preview: combat\\.\\w+", "preview: combat." + export));
            Kernel k = new Kernel(root);
            Game g = k.start(k.variant("toy", ""), "meeting", 1);
            String hash = g.stateHash();
            RuleError e = assertThrows(RuleError.class, () -> g.preview(Json.object(), null));
            assertTrue(e.getMessage().contains(export.equals("rolling") ? "a preview rolls no dice" : "changed the state"), e.getMessage());
            assertEquals(hash, g.stateHash(), export + ": the game is as it was");
            assertEquals(4, Json.read(g.stateJson()).path("pieces").path("r1").path("strength").asInt());
        }
    }
}
