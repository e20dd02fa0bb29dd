package hexlab.kernel;

import hexlab.kernel.bot.Bots;
import hexlab.kernel.play.Game;
import hexlab.kernel.play.Match;
import hexlab.kernel.rules.Variant;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** The toy system the kernel is proven on, and throwaway copies of it to break in tests. */
public final class Fixtures {
    public static final Path TOY_ROOT = Path.of("src/test/resources/toy-root").toAbsolutePath();

    private Fixtures() {}

    public static Kernel toy() { return new Kernel(TOY_ROOT); }

    /** A copy of the toy root under {@code dir}, to edit without touching the fixture. */
    public static Path copyToy(Path dir) {
        try (Stream<Path> files = Files.walk(TOY_ROOT)) {
            for (Path p : files.toList()) {
                Path to = dir.resolve(TOY_ROOT.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(to);
                else Files.copy(p, to, StandardCopyOption.REPLACE_EXISTING);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A kernel on a copy of the toy under {@code dir} with {@code from} replaced by {@code to} in {@code file}. */
    public static Kernel edited(Path dir, String file, String from, String to) {
        Path root = copyToy(dir);
        String text = read(root, file);
        if (!text.contains(from)) throw new IllegalArgumentException("fixture text to change not found in " + file + ": " + from);
        write(root, file, text.replace(from, to));
        return new Kernel(root);
    }

    public static void write(Path root, String relative, String text) {
        try {
            Files.writeString(root.resolve(relative), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String read(Path root, String relative) {
        try {
            return Files.readString(root.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The toy's meeting scenario on seed {@code seed}, played to its end by the aggressive bots under each kernel: {a, b}. */
    public static Game[] playedUnderBoth(Kernel a, Kernel b, long seed) {
        Game[] out = new Game[2];
        Kernel[] ks = {a, b};
        for (int i = 0; i < 2; i++) {
            Variant v = Variant.base(ks[i].system("toy"));
            out[i] = ks[i].start(v, "meeting", seed);
            Match.play(out[i], Bots.forSides(v.system(), "aggressive", seed), false, null);
        }
        return out;
    }
}
