package hexlab.inspector;

import com.fasterxml.jackson.databind.JsonNode;
import hexlab.kernel.util.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A game's history as it is played, one JSON line per step, appended as each step is taken: how it
 * started (system, scenario, seed, variant), then each action taken, each jump back, line switched,
 * variant swapped and setting changed. Replaying the lines rebuilds the game; a line cut off by a
 * crash is dropped when the journal is read again. Lines go to the operating system at once (they
 * survive the server being killed); they are synced to disk when the journal is closed.
 */
final class Journal implements AutoCloseable {
    private final Path file;
    private FileChannel out;

    private Journal(Path file, FileChannel out) {
        this.file = file;
        this.out = out;
    }

    /** A new journal at {@code file} holding {@code first}, the steps that rebuild the game so far. */
    static Journal create(Path file, List<? extends JsonNode> first) {
        try {
            Files.createDirectories(file.getParent());
            Journal j = new Journal(file, FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.APPEND));
            for (JsonNode op : first) j.append(op);
            return j;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep game journal " + file + ": " + e.getMessage(), e);
        }
    }

    /** What a journal held: its steps, and the journal to go on appending to. */
    record Read(List<JsonNode> steps, Journal journal, String damage) {}

    private List<Long> ends = List.of();     // where each step read ends in the file

    /** Cuts the journal back to its first {@code n} steps read (the rest could not be taken again). */
    synchronized void keepSteps(int n) {
        if (out == null || n >= ends.size()) return;
        try {
            long at = n == 0 ? 0 : ends.get(n - 1);
            out.truncate(at);
            out.position(at);
        } catch (IOException e) {
            System.err.println("inspector: game journal " + file + " cannot be cut back (" + e.getMessage() + ")");
        }
    }

    /**
     * Reads the steps of {@code file}: a last line without its end (the server was killed while
     * writing it), or a line that is not JSON, ends the steps there, and the file is cut back to them
     * so later steps follow whole lines. {@code damage} says what was dropped, null if nothing.
     */
    static Read open(Path file) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            List<JsonNode> steps = new ArrayList<>();
            List<Long> ends = new ArrayList<>();
            int start = 0;
            String damage = null;
            while (start < bytes.length) {
                int nl = indexOf(bytes, (byte) '\n', start);
                if (nl < 0) {
                    damage = "its last step was cut off (the server stopped while writing it)";
                    break;
                }
                String line = new String(bytes, start, nl - start, StandardCharsets.UTF_8);
                try {
                    JsonNode n = Json.STRICT.readTree(line);
                    if (n == null || !n.isObject() || !n.path("op").isTextual()) throw new IllegalArgumentException("not a step");
                    steps.add(n);
                    ends.add((long) nl + 1);
                } catch (IOException | IllegalArgumentException e) {
                    damage = "step " + (steps.size() + 1) + " could not be read";
                    break;
                }
                start = nl + 1;
            }
            FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE);
            if (start < bytes.length) ch.truncate(start);
            ch.position(start);
            Journal j = new Journal(file, ch);
            j.ends = ends;
            return new Read(steps, j, damage);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read game journal " + file + ": " + e.getMessage(), e);
        }
    }

    private static int indexOf(byte[] b, byte x, int from) {
        for (int i = from; i < b.length; i++) if (b[i] == x) return i;
        return -1;
    }

    /** Appends one step; a journal that cannot be written says so once and stops (the game goes on, unkept). */
    synchronized void append(JsonNode step) {
        if (out == null) return;
        ByteBuffer b = ByteBuffer.wrap((Json.write(step) + "\n").getBytes(StandardCharsets.UTF_8));
        try {
            while (b.hasRemaining()) out.write(b);
        } catch (IOException e) {
            System.err.println("inspector: game journal " + file + " cannot be written (" + e.getMessage() + "); the game goes on without it");
            close();
        }
    }

    Path file() { return file; }

    @Override
    public synchronized void close() {
        if (out == null) return;
        try {
            out.force(true);
            out.close();
        } catch (IOException e) {
            // what was written is with the operating system
        }
        out = null;
    }

    /** Closes and removes the journal: the game is closed for good. */
    synchronized void delete() {
        close();
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a journal left behind is only restored if its game is asked for
        }
    }
}
