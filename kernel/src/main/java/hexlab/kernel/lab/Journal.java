package hexlab.kernel.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import hexlab.kernel.error.InputException;
import hexlab.kernel.util.AtomicFile;
import hexlab.kernel.util.Json;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A batch's files while it runs, so that nothing finished is lost when it is killed or fails: the
 * CSV gets each game's row as the game ends (flushed at once), and beside it
 * {@code <csv>.journal} holds the batch (its first line: what was asked, and under which rules)
 * and each game whole, usage included, one JSON line a game. While the batch runs the rows are in
 * the order the games ended; when it ends the CSV is written again in (variant, game) order, the
 * same bytes as ever. {@code simulate --resume} reads the journal back and plays only the rest.
 */
public final class Journal implements AutoCloseable {
    /** A journal read back: the batch it describes, and every game it holds with its place. */
    public record Contents(ObjectNode batch, List<Entry> games) {}

    /** A game and its place in (variant, game) order. */
    public record Entry(int place, GameRecord game) {}

    private final Path csv, file;
    private final List<GameRecord> rows = new ArrayList<>();     // in the order they ended, as the CSV holds them now
    private BufferedWriter journal, table;
    private List<String> columns;

    private Journal(Path csv) {
        this.csv = csv;
        this.file = of(csv);
    }

    /** The journal kept beside {@code csv}. */
    public static Path of(Path csv) { return csv.resolveSibling(csv.getFileName() + ".journal"); }

    /** A new batch: the journal starts with {@code batch}, the CSV with its header (both files replaced if they were there). */
    public static Journal start(Path csv, ObjectNode batch) {
        Journal j = new Journal(csv);
        try {
            Path dir = csv.toAbsolutePath().getParent();
            if (dir != null) Files.createDirectories(dir);
            j.journal = Files.newBufferedWriter(j.file, StandardCharsets.UTF_8);
            j.journal.write(Json.write(batch));
            j.journal.newLine();
            j.journal.flush();
        } catch (IOException e) {
            j.close();
            throw new InputException(j.file.toString(), 0, 0, "cannot write: " + e.getMessage());
        }
        j.rewrite();
        return j;
    }

    /** Goes on with a batch read back by {@link #read}: the CSV is written again with its games, then the next ones are added to both files. */
    public static Journal resume(Path csv, Contents earlier) {
        Journal j = new Journal(csv);
        for (Entry e : earlier.games()) j.rows.add(e.game());
        try {
            // a line cut short by a kill is left out here, as read() left it out, before new lines follow it
            StringBuilder text = new StringBuilder(Json.write(earlier.batch())).append('\n');
            for (Entry e : earlier.games()) text.append(line(e.place(), e.game())).append('\n');
            AtomicFile.write(j.file, text.toString());
            j.journal = Files.newBufferedWriter(j.file, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException | RuntimeException e) {
            j.close();
            throw e instanceof InputException ie ? ie : new InputException(j.file.toString(), 0, 0, "cannot write: " + e.getMessage());
        }
        j.rewrite();
        return j;
    }

    /**
     * The journal beside {@code csv}: the batch and its games. A last line cut short (the process
     * was killed while writing it) is left out; that game is played again. Anything else that does
     * not read is an error naming the journal and the line.
     */
    public static Contents read(Path csv) {
        Path file = of(csv);
        if (!Files.isRegularFile(file)) {
            throw new InputException(file.toString(), 0, 0, "no batch journal beside " + csv + ": --resume needs the journal a batch started with --csv writes "
                    + "beside its CSV (" + file.getFileName() + ")");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, 0, "cannot read: " + e.getMessage());
        }
        if (lines.isEmpty() || lines.getFirst().isBlank()) throw new InputException(file.toString(), 1, 1, "empty: a journal starts with the batch it records");
        ObjectNode batch;
        try {
            if (!(Json.read(lines.getFirst()) instanceof ObjectNode o) || !o.has("journal")) throw new IllegalArgumentException("not a batch");
            batch = o;
        } catch (IllegalArgumentException e) {
            throw new InputException(file.toString(), 1, 1, "not a batch journal: its first line must be the batch as JSON");
        }
        List<Entry> games = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) continue;
            try {
                JsonNode n = Json.read(line);
                games.add(new Entry(n.path("place").asInt(-1), GameRecord.of(n.path("game"))));
                if (games.getLast().place() < 0) throw new IllegalArgumentException("\"place\" must be a whole number from 0");
            } catch (IllegalArgumentException e) {
                if (i == lines.size() - 1) break;          // the line being written when the batch was killed
                throw new InputException(file.toString(), i + 1, 1, "not a game of the batch: " + e.getMessage());
            }
        }
        return new Contents(batch, games);
    }

    /** A game has ended: its line in the journal, then its row in the CSV, each flushed. */
    public synchronized void add(GameRecord r, int place) {
        if (journal == null) return;
        try {
            journal.write(line(place, r));
            journal.newLine();
            journal.flush();
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, 0, "cannot write: " + e.getMessage());
        }
        rows.add(r);
        if (table == null || !Csv.fits(columns, r)) {
            rewrite();        // a metric no earlier game gave: the header grows, the rows so far are written again
            return;
        }
        try {
            table.write(Csv.rows(List.of(r), columns));
            table.flush();
        } catch (IOException e) {
            throw new InputException(csv.toString(), 0, 0, "cannot write: " + e.getMessage());
        }
    }

    /** The batch has ended: the CSV is written whole in (variant, game) order with {@code records}, the batch's games. */
    public synchronized void finish(List<GameRecord> records) {
        close();
        AtomicFile.write(csv, Csv.of(records));
    }

    private static String line(int place, GameRecord r) {
        ObjectNode o = Json.object().put("place", place);
        o.set("game", r.json());
        return Json.write(o);
    }

    // the CSV with the rows so far, under a header that holds every metric they gave; then open to add rows
    private void rewrite() {
        if (table != null) {
            try {
                table.close();
            } catch (IOException ignored) {
                // written again whole below
            }
        }
        columns = Csv.columns(rows);
        AtomicFile.write(csv, Csv.header(columns) + Csv.rows(rows, columns));
        try {
            table = Files.newBufferedWriter(csv, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new InputException(csv.toString(), 0, 0, "cannot write: " + e.getMessage());
        }
    }

    @Override
    public synchronized void close() {
        for (BufferedWriter w : new BufferedWriter[] {journal, table}) {
            if (w == null) continue;
            try {
                w.close();
            } catch (IOException ignored) {
                // every line was flushed as it was written
            }
        }
        journal = null;
        table = null;
    }
}
