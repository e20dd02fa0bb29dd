package hexlab.kernel.hex;

/** A printed position: column and row as in the hex id XXYY. */
public record Offset(int col, int row) {
}
