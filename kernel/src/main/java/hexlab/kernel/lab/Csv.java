package hexlab.kernel.lab;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.MappingIterator;
import hexlab.kernel.error.InputException;

import java.io.IOException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** One row per game, in (variant, game) order: the same bytes whatever the thread count; and read back for the lab page. */
public final class Csv {
    private static final CsvMapper MAPPER = new CsvMapper();

    private Csv() {}

    public static String of(List<GameRecord> records) { return header(columns(records)) + rows(records, columns(records)); }

    /** The columns of a CSV of these games: the fixed ones, with every metric any of them gave (alphabetical) before {@code error}. */
    static List<String> columns(List<GameRecord> records) {
        TreeSet<String> metrics = new TreeSet<>();
        for (GameRecord r : records) metrics.addAll(r.metrics().keySet());
        List<String> columns = new ArrayList<>(FIXED.subList(0, FIXED.size() - 1));
        columns.addAll(metrics);
        columns.add("error");
        return columns;
    }

    /** Whether a CSV with these columns can hold this game's row (it gave no metric the header lacks). */
    static boolean fits(List<String> columns, GameRecord r) { return columns.containsAll(r.metrics().keySet()); }

    static String header(List<String> columns) { return write(columns, List.of(), true); }

    static String rows(List<GameRecord> records, List<String> columns) {
        List<Map<String, String>> rows = new ArrayList<>();
        for (GameRecord r : records) rows.add(row(r, columns));
        return write(columns, rows, false);
    }

    private static Map<String, String> row(GameRecord r, List<String> columns) {
        Map<String, String> row = new LinkedHashMap<>();
        row.put("variant", r.variant());
        row.put("game", Integer.toString(r.game()));
        row.put("seed", Long.toString(r.seed()));
        row.put("winner", r.winner());
        row.put("level", r.level() == null ? "" : r.level());
        row.put("turn", Integer.toString(r.turn()));
        row.put("actions", Integer.toString(r.actions()));
        row.put("hash", r.hash());
        for (String m : columns.subList(FIXED.size() - 1, columns.size() - 1)) row.put(m, number(r.metrics().get(m)));
        row.put("error", r.error() == null ? "" : r.error());
        return row;
    }

    private static String write(List<String> columns, List<Map<String, String>> rows, boolean header) {
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(header);
        columns.forEach(schema::addColumn);
        try {
            return MAPPER.writer(schema.build()).writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The columns every batch CSV has; the others between {@code actions} and {@code error} are scenario metrics. */
    static final List<String> FIXED = List.of("variant", "game", "seed", "winner", "level", "turn", "actions", "hash", "error");
    private static final List<String> REQUIRED = List.of("variant", "game", "seed", "winner", "level", "turn", "actions", "error");

    /**
     * Reads back a CSV that {@link #of} wrote (rule usage is not in it, so it comes back empty).
     * A malformed file is an {@link InputException} naming {@code file}, the line and what was expected.
     */
    public static List<GameRecord> read(String text, String file) {
        List<GameRecord> out = new ArrayList<>();
        CsvSchema schema = CsvSchema.emptySchema().withHeader();
        try (MappingIterator<Map<String, String>> it = MAPPER.readerFor(new TypeReference<Map<String, String>>() {}).with(schema).readValues(text)) {
            List<String> header = null;
            while (it.hasNextValue()) {
                int line = it.getCurrentLocation().getLineNr();
                Map<String, String> row = it.nextValue();
                if (header == null) {
                    header = new ArrayList<>(((CsvSchema) it.getParserSchema()).getColumnNames());
                    for (String c : REQUIRED) {
                        if (!header.contains(c)) throw new InputException(file, 1, 1, "the header has no \"" + c + "\" column; a batch CSV starts "
                                + String.join(",", FIXED.subList(0, 8)) + ",<metrics>,error");
                    }
                }
                Map<String, Double> metrics = new TreeMap<>();
                for (String c : header) {
                    if (FIXED.contains(c)) continue;
                    String v = row.getOrDefault(c, "");
                    if (!v.isEmpty()) metrics.put(c, decimal(v, c, file, line));
                }
                String error = row.getOrDefault("error", "");
                String level = row.getOrDefault("level", "");
                String variant = row.getOrDefault("variant", "");
                if (variant.isEmpty()) throw new InputException(file, line, 1, "the \"variant\" column is empty");
                out.add(new GameRecord(variant, (int) whole(row.get("game"), "game", file, line), whole(row.get("seed"), "seed", file, line),
                        row.getOrDefault("winner", ""), level.isEmpty() ? null : level, (int) whole(row.get("turn"), "turn", file, line),
                        (int) whole(row.get("actions"), "actions", file, line), row.getOrDefault("hash", ""), metrics, Map.of(), error.isEmpty() ? null : error, null, 0));
            }
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw new InputException(file, loc == null ? 0 : loc.getLineNr(), loc == null ? 0 : loc.getColumnNr(), null,
                    "not a batch CSV: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new InputException(file, 0, 0, "cannot read: " + e.getMessage());
        } catch (RuntimeException e) {
            if (e instanceof InputException) throw e;
            // Jackson wraps a parse problem met while iterating
            if (e.getCause() instanceof JsonProcessingException j) {
                var loc = j.getLocation();
                throw new InputException(file, loc == null ? 0 : loc.getLineNr(), loc == null ? 0 : loc.getColumnNr(), null,
                        "not a batch CSV: " + j.getOriginalMessage(), j);
            }
            throw e;
        }
        if (out.isEmpty()) throw new InputException(file, 1, 1, "no games: a batch CSV has a header line and one row per game");
        return out;
    }

    private static long whole(String v, String column, String file, int line) {
        try {
            return Long.parseLong(v == null ? "" : v.trim());
        } catch (NumberFormatException e) {
            throw new InputException(file, line, 1, "column \"" + column + "\" must be a whole number, found \"" + v + "\"");
        }
    }

    private static double decimal(String v, String column, String file, int line) {
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new InputException(file, line, 1, "metric column \"" + column + "\" must be a number, found \"" + v + "\"");
        }
    }

    private static String number(Double v) {
        if (v == null) return "";
        return v == Math.rint(v) ? Long.toString(v.longValue()) : String.format(Locale.ROOT, "%.4f", v);
    }
}
