package io.paradigmlab.tweebyte.lab.data;

import java.util.Arrays;

/** A small set of non-negative ints, cleared cheaply between uses (one user's follows or likes). */
final class IntSet {

    private static final int FREE = -1;
    private int[] table = new int[64];
    private int size;

    void clear() {
        if (table.length > 256) {
            table = new int[64];
            Arrays.fill(table, FREE);
        } else if (size > 0) {
            Arrays.fill(table, FREE);
        }
        size = 0;
    }

    IntSet() {
        Arrays.fill(table, FREE);
    }

    boolean contains(int v) {
        int mask = table.length - 1;
        for (int i = mix(v) & mask; ; i = (i + 1) & mask) {
            if (table[i] == FREE) {
                return false;
            }
            if (table[i] == v) {
                return true;
            }
        }
    }

    /** Adds {@code v}; false when it was there already. */
    boolean add(int v) {
        if ((size + 1) * 2 > table.length) {
            grow();
        }
        int mask = table.length - 1;
        for (int i = mix(v) & mask; ; i = (i + 1) & mask) {
            if (table[i] == FREE) {
                table[i] = v;
                size++;
                return true;
            }
            if (table[i] == v) {
                return false;
            }
        }
    }

    private void grow() {
        int[] old = table;
        table = new int[old.length * 2];
        Arrays.fill(table, FREE);
        size = 0;
        for (int v : old) {
            if (v != FREE) {
                add(v);
            }
        }
    }

    private static int mix(int v) {
        int h = v * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
