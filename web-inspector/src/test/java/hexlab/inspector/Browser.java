package hexlab.inspector;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Debian's headless Chromium driven by its chromedriver, with nothing downloaded (SE_OFFLINE,
 * explicit driver and browser paths) and a fresh profile. Waits are explicit and generous: the
 * machine is small and busy.
 */
final class Browser implements AutoCloseable {
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Duration PATIENCE = Duration.ofSeconds(90);
    /** How often a wait looks again: a page takes a step's answer in tens of milliseconds, and a test waits for hundreds of them. */
    static final Duration POLL = Duration.ofMillis(20);

    final ChromeDriver driver;
    final Path downloads;
    private final Path profile;

    Browser() {
        if (!Files.isExecutable(DRIVER) || !Files.isExecutable(CHROMIUM)) {
            throw new IllegalStateException("the browser tests need Debian's chromium and chromium-driver: apt-get install -y chromium chromium-driver");
        }
        System.setProperty("SE_OFFLINE", "true");
        // Selenium warns that it has no DevTools binding for this Chromium; the tests use none
        java.util.logging.Logger.getLogger("org.openqa.selenium").setLevel(java.util.logging.Level.SEVERE);
        try {
            profile = Files.createTempDirectory("hexlab-chromium-profile");
            downloads = Files.createTempDirectory("hexlab-downloads");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toFile());
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir=" + profile, "--window-size=1280,800");
        o.setExperimentalOption("prefs", Map.of("download.default_directory", downloads.toString(), "download.prompt_for_download", false));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort().build();
        driver = new ChromeDriver(service, o);
        driver.manage().timeouts().pageLoadTimeout(PATIENCE).scriptTimeout(PATIENCE);
        // the window's size includes no browser chrome in every mode: make the page itself 1280x800
        driver.get("about:blank");
        viewport(1280, 800);
        FailureShots.opened(this);
    }

    /** Makes the page itself (the window without its chrome) w x h pixels. */
    void viewport(int width, int height) {
        Number w = (Number) js("return window.innerWidth"), h = (Number) js("return window.innerHeight");
        var outer = driver.manage().window().getSize();
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(outer.getWidth() + width - w.intValue(), outer.getHeight() + height - h.intValue()));
    }

    <T> T until(Function<ChromeDriver, T> condition, String what) { return until(condition, what, PATIENCE); }

    <T> T until(Function<ChromeDriver, T> condition, String what, Duration patience) {
        return new WebDriverWait(driver, patience, POLL).withMessage(what).until(d -> condition.apply((ChromeDriver) d));
    }

    Object js(String script, Object... args) { return ((JavascriptExecutor) driver).executeScript(script, args); }

    String body(String data) { return (String) js("return document.body.dataset[arguments[0]] || null", data); }

    WebElement find(String css) { return driver.findElement(By.cssSelector(css)); }

    List<WebElement> all(String css) { return driver.findElements(By.cssSelector(css)); }

    WebElement visible(String css) {
        return until(d -> {
            for (WebElement e : d.findElements(By.cssSelector(css))) if (e.isDisplayed()) return e;
            return null;
        }, css + " visible");
    }

    /** Runs a UI step and waits until the server's answer is merged (the page's revision moves on). */
    void andWait(Runnable click) {
        String rev = body("rev");
        click.run();
        until(d -> !String.valueOf(rev).equals(String.valueOf(body("rev"))) && body("busy") == null, "the page to take the server's answer");
    }

    void settle() { until(d -> body("busy") == null, "the page to be idle"); }

    void screenshot(Path file) {
        try {
            Files.createDirectories(file.getParent());
            File f = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
            Files.copy(f.toPath(), file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        FailureShots.closed(this);
        driver.quit();
        deleteTree(profile);
        deleteTree(downloads);
    }

    private static void deleteTree(Path p) {
        try (var s = Files.walk(p)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(x -> x.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory left behind is harmless
        }
    }
}
