package hexlab.kernel.yaml;

/**
 * Where a value sits in its file. {@code line} and {@code column} (1-based) are where a message
 * should point: for a mapping entry whose value starts on a later line, that is the key's line.
 * {@code start} and {@code end} are the code point offsets of the value's own text.
 */
record Span(int line, int column, int start, int end) {}
