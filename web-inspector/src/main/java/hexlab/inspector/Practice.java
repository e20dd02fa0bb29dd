package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.Kernel;
import hexlab.kernel.bot.Bot;
import hexlab.kernel.bot.RandomBot;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Scenario;
import hexlab.kernel.rules.RuleSystem;
import hexlab.kernel.rules.Variant;
import hexlab.kernel.script.RulesContext;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Practice games played in the background after the server starts: every rules context shares one
 * engine, so the rules it compiles while practising run compiled in the designer's games. The
 * default scenario first, then each other system's first scenario, then the default again, with
 * random bots, as the inspector steps (hash, view, breadcrumb after each action; now and then every
 * overlay). It waits while a request is served.
 */
final class Practice implements Runnable {
    private final Kernel kernel;
    private final Catalogue catalogue;
    private final AtomicInteger inFlight;
    private final int actionsPerSystem;
    private final CountDownLatch done = new CountDownLatch(1);
    private final AtomicInteger played = new AtomicInteger();
    private volatile boolean stop;

    Practice(Kernel kernel, Catalogue catalogue, AtomicInteger inFlight, int actionsPerSystem) {
        this.kernel = kernel;
        this.catalogue = catalogue;
        this.inFlight = inFlight;
        this.actionsPerSystem = actionsPerSystem;
    }

    @Override
    public void run() {
        try {
            List<String[]> all = scenarios();
            // The default's share is split around the others: code shared by every system (the
            // kernel's, the prelude's) is recompiled for each in turn, and the default's steps run
            // slow for a while after another system's practice (FoT May 27 step p95 52 ms against 34).
            int last = all.size() > 1 ? actionsPerSystem * 2 / 5 : 0;
            for (int i = 0; i < all.size(); i++) {
                if (stop) return;
                practise(all.get(i)[0], all.get(i)[1], i == 0 ? actionsPerSystem - last : actionsPerSystem, 1);
            }
            if (last > 0 && !stop) practise(all.get(0)[0], all.get(0)[1], last, 1000);
        } finally {
            done.countDown();
        }
    }

    void stop() { stop = true; }

    int played() { return played.get(); }

    boolean await(long seconds) throws InterruptedException { return done.await(seconds, TimeUnit.SECONDS); }

    private List<String[]> scenarios() {
        List<String[]> out = new ArrayList<>();
        JsonNode d = catalogue.defaultChoice();
        if (d.path("system").isTextual()) out.add(new String[] {d.path("system").asText(), d.path("scenario").asText()});
        for (String id : kernel.catalog().systemIds()) {
            if (!out.isEmpty() && out.get(0)[0].equals(id)) continue;
            try {
                RuleSystem s = kernel.system(id);
                if (!s.scenarios().isEmpty()) out.add(new String[] {id, s.scenarios().get(0).id()});
            } catch (RuntimeException e) {
                // a system that does not load is reported when the page lists the systems
            }
        }
        return out;
    }

    private void practise(String system, String scenario, int actions, int firstSeed) {
        Variant v;
        Scenario sc;
        try {
            v = Variant.base(kernel.system(system));
            sc = kernel.scenario(v, scenario);
        } catch (RuntimeException e) {
            return;
        }
        Bot bot = new RandomBot(system.hashCode());
        try (RulesContext rc = kernel.context(v, sc)) {
            Game g = Game.start(rc, sc, firstSeed);
            for (int n = 0; n < actions && !stop; n++) {
                idle();
                if (g.over()) g = Game.start(rc, sc, firstSeed + n + 1);
                g.applyIndex(bot.choose(g, g.toAct()));
                g.stateHash();
                g.view(null);
                g.breadcrumb();
                if (n % 25 == 0) overlays(g, v.system());
                played.incrementAndGet();
            }
        } catch (RuntimeException e) {
            // a rules error ends this system's practice; a designer's game reports it in full
        }
    }

    // the overlays a designer toggles: their first ask traces the whole position
    private static void overlays(Game g, RuleSystem s) {
        for (String name : s.overlays().keySet()) {
            try {
                g.overlay(name, null);
            } catch (RuntimeException e) {
                // an overlay that needs a unit or a hex is warmed when a designer asks it
            }
        }
    }

    // the designer comes first: no practice while a request is being served
    private void idle() {
        try {
            while (inFlight.get() > 0 && !stop) Thread.sleep(20);
        } catch (InterruptedException e) {
            stop = true;
            Thread.currentThread().interrupt();
        }
    }
}
