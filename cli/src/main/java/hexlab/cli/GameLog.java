package hexlab.cli;

import hexlab.kernel.bot.Fuzzer;
import hexlab.kernel.error.InputException;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** fuzz --log: a line per finished game, appended and flushed at once, so a long batch stopped early still says what it played. */
final class GameLog implements AutoCloseable {
    private final BufferedWriter out;

    private GameLog(BufferedWriter out) { this.out = out; }

    static GameLog open(Path file) {
        if (file == null) return new GameLog(null);
        try {
            return new GameLog(Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND));
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, 0, "cannot append the game log: " + e.getMessage());
        }
    }

    synchronized void add(Fuzzer.GameLine line) {
        if (out == null) return;
        try {
            out.write(line.describe());
            out.newLine();
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (out == null) return;
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
