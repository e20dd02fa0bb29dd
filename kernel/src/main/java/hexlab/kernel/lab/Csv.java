package hexlab.kernel.lab;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/** One row per game, in (variant, game) order: the same bytes whatever the thread count. */
public final class Csv {
    private static final CsvMapper MAPPER = new CsvMapper();

    private Csv() {}

    public static String of(List<GameRecord> records) {
        TreeSet<String> metrics = new TreeSet<>();
        for (GameRecord r : records) metrics.addAll(r.metrics().keySet());
        List<String> columns = new ArrayList<>(List.of("variant", "game", "seed", "winner", "level", "turn", "actions"));
        columns.addAll(metrics);
        columns.add("error");
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
        columns.forEach(schema::addColumn);
        List<Map<String, String>> rows = new ArrayList<>();
        for (GameRecord r : records) {
            Map<String, String> row = new LinkedHashMap<>();
            row.put("variant", r.variant());
            row.put("game", Integer.toString(r.game()));
            row.put("seed", Long.toString(r.seed()));
            row.put("winner", r.winner());
            row.put("level", r.level() == null ? "" : r.level());
            row.put("turn", Integer.toString(r.turn()));
            row.put("actions", Integer.toString(r.actions()));
            for (String m : metrics) row.put(m, number(r.metrics().get(m)));
            row.put("error", r.error() == null ? "" : r.error());
            rows.add(row);
        }
        try {
            return MAPPER.writer(schema.build()).writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String number(Double v) {
        if (v == null) return "";
        return v == Math.rint(v) ? Long.toString(v.longValue()) : String.format(Locale.ROOT, "%.4f", v);
    }
}
