package hexlab.kernel.hex;

/**
 * A binary min-heap of hex indices keyed by an external cost array, with decrease-key.
 * Equal costs come out lower index first, so searches are deterministic. No boxing.
 */
final class IndexHeap {
    private final double[] key;
    private final int[] heap;
    private final int[] pos; // position of a hex in heap, -1 if absent
    private int size;

    IndexHeap(double[] key) {
        this.key = key;
        this.heap = new int[key.length];
        this.pos = new int[key.length];
        java.util.Arrays.fill(pos, -1);
    }

    boolean isEmpty() { return size == 0; }

    /** Inserts the hex, or moves it up after its key was lowered. */
    void pushOrDecrease(int idx) {
        int p = pos[idx];
        if (p < 0) {
            p = size++;
            heap[p] = idx;
            pos[idx] = p;
        }
        siftUp(p);
    }

    int pop() {
        int top = heap[0];
        pos[top] = -1;
        size--;
        if (size > 0) {
            int last = heap[size];
            heap[0] = last;
            pos[last] = 0;
            siftDown(0);
        }
        return top;
    }

    private boolean less(int a, int b) {
        double ka = key[a], kb = key[b];
        return ka < kb || (ka == kb && a < b);
    }

    private void siftUp(int p) {
        int idx = heap[p];
        while (p > 0) {
            int parent = (p - 1) >>> 1;
            int other = heap[parent];
            if (!less(idx, other)) break;
            heap[p] = other;
            pos[other] = p;
            p = parent;
        }
        heap[p] = idx;
        pos[idx] = p;
    }

    private void siftDown(int p) {
        int idx = heap[p];
        int half = size >>> 1;
        while (p < half) {
            int child = 2 * p + 1;
            int right = child + 1;
            if (right < size && less(heap[right], heap[child])) child = right;
            int other = heap[child];
            if (!less(other, idx)) break;
            heap[p] = other;
            pos[other] = p;
            p = child;
        }
        heap[p] = idx;
        pos[idx] = p;
    }
}
