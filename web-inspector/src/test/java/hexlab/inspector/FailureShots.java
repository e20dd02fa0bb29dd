package hexlab.inspector;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

import java.nio.file.Path;
import java.util.function.Supplier;

/** Saves a screenshot of the page under web-inspector/target/ when a browser test fails. */
final class FailureShots implements TestWatcher {
    static volatile Supplier<Browser> browser = () -> null;

    // the browser a thread opened: classes that run side by side each shoot their own page
    private static final java.util.Map<Thread, Browser> OPEN = new java.util.concurrent.ConcurrentHashMap<>();

    static void opened(Browser b) { OPEN.put(Thread.currentThread(), b); }

    static void closed(Browser b) { OPEN.values().remove(b); }

    static Path dir() {
        String t = System.getProperty("inspector.target");
        return (t == null ? Path.of("target") : Path.of(t)).resolve("browser-failures");
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        Browser b = OPEN.getOrDefault(Thread.currentThread(), browser.get());
        if (b == null) return;
        try {
            Path f = dir().resolve(context.getRequiredTestClass().getSimpleName() + "-" + context.getRequiredTestMethod().getName() + ".png");
            b.screenshot(f);
            System.err.println("screenshot of the failure: " + f);
        } catch (RuntimeException e) {
            System.err.println("no screenshot of the failure: " + e);
        }
    }
}
