package hexlab.inspector;

import hexlab.kernel.Kernel;
import hexlab.kernel.lab.Batch;
import hexlab.kernel.lab.Csv;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.WebElement;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Variant lab page in headless Chromium on the toy system: a batch of two variants run and
 * plotted side by side with the comparison, a game reopened in the inspector and replayed to the
 * batch's end state, and a CSV from the command line loaded back.
 */
@ExtendWith(FailureShots.class)
class LabBrowserTest {
    static InspectorServer server;
    static Browser browser;
    static String base;

    @BeforeAll
    static void start() {
        server = InspectorServer.start(Roots.toy(), "127.0.0.1", 0);
        base = "http://127.0.0.1:" + server.port() + "/";
        browser = new Browser();
        FailureShots.browser = () -> browser;
    }

    @AfterAll
    static void stop() {
        FailureShots.browser = () -> null;
        if (browser != null) browser.close();
        if (server != null) server.stop();
    }

    static void openLab() {
        browser.driver.get(base + "lab.html");
        browser.until(d -> "true".equals(browser.body("ready")), "the lab page to load the systems");
    }

    /** As the inspector's browser test keeps its screenshots: target/screenshots/, and docs/ when asked (-Dinspector.docs=DIR). */
    static void keep(String name) {
        browser.screenshot(FailureShots.dir().getParent().resolve("screenshots").resolve(name));
        String d = System.getProperty("inspector.docs");
        if (d != null && !d.isBlank()) browser.screenshot(Path.of(d).toAbsolutePath().resolve(name));
    }

    static void setSecondVariant(String name, String spec) {
        List<WebElement> rows = browser.all("#lab-variants .variant-row");
        assertEquals(2, rows.size(), "the page offers the base rules and one variant to start with");
        WebElement n = rows.get(1).findElement(org.openqa.selenium.By.cssSelector(".v-name")), s = rows.get(1).findElement(org.openqa.selenium.By.cssSelector(".v-spec"));
        n.clear();
        n.sendKeys(name);
        s.clear();
        s.sendKeys(spec);
    }

    /** Runs a batch of the base rules against the gentler-CRT erratum from the page; timeLimit "" for none. */
    static void runAgainstGentler(String games, String timeLimit) {
        openLab();
        WebElement g = browser.find("#lab-games");
        g.clear();
        g.sendKeys(games);
        if (!timeLimit.isEmpty()) browser.find("#lab-time-limit").sendKeys(timeLimit);
        setSecondVariant("gentler", "errata:gentler-crt");
        browser.find("#lab-run").click();
    }

    @Test
    void aBatchIsPlottedSideBySideAndAGameReopensInTheInspector() {
        runAgainstGentler("8", "");
        browser.until(d -> "done".equals(browser.body("batch")), "the batch to finish");
        assertEquals("2", browser.find("#chart-outcomes").getAttribute("data-drawn"), "one bar series per variant");
        assertEquals("2", browser.find("#chart-turns").getAttribute("data-drawn"));
        assertEquals("2", browser.find("#chart-metric").getAttribute("data-drawn"));
        String tables = browser.find("#lab-tables").getText();
        assertTrue(tables.contains("gentler against base"), tables);
        assertTrue(browser.find("#lab-per-variant").getText().contains("turns"));
        assertEquals(16, browser.all("#lab-games tbody tr").size());
        assertTrue(browser.find("#lab-heading").getText().contains("same 8 seeds"), browser.find("#lab-heading").getText());
        assertEquals(Boolean.TRUE, browser.js("return document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling at 1280x800");
        keep("variant-lab.png");
        // the fourth game of the erratum variant, reopened: its bots replay it to the batch's end state
        browser.find("#lab-games tbody tr[data-variant=gentler][data-game='3'] button.open-game").click();
        browser.until(d -> browser.body("replayed") != null, "the reopened game to be replayed by its bots");
        assertEquals("same", browser.body("replayed"), browser.find("#banner").getText());
        assertTrue(browser.find("#banner").getText().contains("gentler game 3"), browser.find("#banner").getText());
    }

    @Test
    void aTwoValueSweepIsPlottedAsTheRateAgainstTheValue() {
        openLab();
        WebElement g = browser.find("#lab-games");
        g.clear();
        g.sendKeys("6");
        for (WebElement bot : browser.all("#lab-bots select")) new org.openqa.selenium.support.ui.Select(bot).selectByValue("aggressive");
        browser.all("#lab-variants .variant-row").get(1).findElement(org.openqa.selenium.By.cssSelector("button")).click();
        browser.find("#lab-sweep").sendKeys("combat/terrain/shift/rough=-3,1");
        new org.openqa.selenium.support.ui.Select(browser.find("#lab-outcome")).selectByValue("red");
        browser.find("#lab-run").click();
        browser.until(d -> "done".equals(browser.body("batch")), "the sweep to finish");
        assertEquals(Boolean.FALSE, browser.js("return document.getElementById('lab-sweep-figure').hidden"), "the sweep's plot is shown");
        assertEquals("3", browser.find("#chart-sweep").getAttribute("data-points"), "the two values and the one held now, each with its games");
        assertEquals("1", browser.find("#chart-sweep").getAttribute("data-drawn"));
        String caption = browser.find("#lab-sweep-caption").getText();
        assertTrue(caption.contains("combat/terrain/shift/rough") && caption.contains("rate of red"), caption);
        assertEquals(18, browser.all("#lab-games tbody tr").size(), "6 games for each of the 3 values");
        assertEquals(Boolean.TRUE, browser.js("return document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling at 1280x800");
        keep("variant-lab-sweep.png");
    }

    @Test
    void untilDecidedSaysHowManySeedsItTook() {
        openLab();
        WebElement g = browser.find("#lab-games");
        g.clear();
        g.sendKeys("300");
        setSecondVariant("bloody", "option:bloody");
        for (WebElement bot : browser.all("#lab-bots select")) new org.openqa.selenium.support.ui.Select(bot).selectByValue("aggressive");
        browser.find("#lab-until").click();
        new org.openqa.selenium.support.ui.Select(browser.find("#lab-outcome")).selectByValue("red");
        browser.find("#lab-run").click();
        browser.until(d -> "done".equals(browser.body("batch")), "the comparison to be decided");
        String decided = browser.find("#lab-decided").getText();
        assertTrue(decided.matches("Until decided \\(the rate of red\\): decided after \\d+ seeds per variant.*"), decided);
    }

    @Test
    void aTimeLimitGivesAnEarlyAnswerFromWholeSeeds() {
        runAgainstGentler("5000", "1");
        browser.until(d -> "done".equals(browser.body("batch")), "the batch to stop at its time limit");
        String heading = browser.find("#lab-heading").getText();
        assertTrue(heading.contains("time limit 1 s:") && heading.contains("of 5000 seeds per variant"), heading);
        int rows = browser.all("#lab-games tbody tr").size();
        assertTrue(rows > 0 && rows % 2 == 0, "whole seeds of both variants: " + rows + " rows");
        assertEquals(Boolean.TRUE, browser.js("return document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scrolling at 1280x800");
    }

    @Test
    void theAnswerSoFarShowsWhileABatchRunsAndStopKeepsWholeSeeds() {
        runAgainstGentler("5000", "");
        browser.until(d -> browser.find("#lab-heading").getText().startsWith("So far:"), "the answer so far while the batch runs");
        String soFar = browser.find("#lab-heading").getText();
        assertTrue(soFar.contains("seeds per variant") || soFar.contains("seed per variant"), soFar);
        assertTrue(soFar.contains("gentler against base"), soFar);
        keep("variant-lab-so-far.png");
        browser.find("#lab-stop").click();
        browser.until(d -> "stopped".equals(browser.body("batch")), "the batch to stop");
        int rows = browser.all("#lab-games tbody tr").size();
        assertTrue(rows > 0 && rows % 2 == 0, "whole seeds of both variants: " + rows + " rows");
    }

    @Test
    void aCsvFromTheCommandLineLoadsAndItsGamesReopen() throws Exception {
        Kernel k = new Kernel(Roots.toy());
        var records = Batch.run(k, List.of(new Batch.Entry("base", k.variant("toy", "")), new Batch.Entry("gentler", k.variant("toy", "errata:gentler-crt"))),
                new Batch.Settings("meeting", 6, 21, "random", 2, null), null);
        Path csv = Files.createTempDirectory("hexlab-lab").resolve("batch.csv");
        Files.writeString(csv, Csv.of(records));
        openLab();
        setSecondVariant("gentler", "errata:gentler-crt");
        browser.find("#lab-load").sendKeys(csv.toString());
        browser.until(d -> "done".equals(browser.body("batch")), "the CSV to load");
        assertTrue(browser.find("#lab-heading").getText().contains("from batch.csv"), browser.find("#lab-heading").getText());
        assertEquals(12, browser.all("#lab-games tbody tr").size());
        assertEquals("2", browser.find("#chart-outcomes").getAttribute("data-drawn"));
        // the CSV carries no specs or bots: the form's rows and bot choices say how to reopen
        for (WebElement s : browser.all("#lab-bots select")) new org.openqa.selenium.support.ui.Select(s).selectByValue("random");
        browser.find("#lab-games tbody tr[data-variant=gentler][data-game='5'] button.open-game").click();
        browser.until(d -> browser.body("replayed") != null, "the reopened game to be replayed");
        assertEquals("same", browser.body("replayed"), browser.find("#banner").getText());
    }
}
