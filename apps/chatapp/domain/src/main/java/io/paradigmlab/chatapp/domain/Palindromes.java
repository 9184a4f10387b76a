package io.paradigmlab.chatapp.domain;

/**
 * The CPU task (spec W7): how many words of a line read the same backwards. Words are separated by {@code ' '} (runs
 * of spaces count as one separator, so there are no empty words); every word of length 1 or more counts, single
 * letters included; comparison is by char, case-sensitive. The check is iterative with two indexes and allocates
 * nothing, so its stack depth does not depend on the word (the thesis's StackOverflowError at -Xss256k, spec 2.3, is
 * not reproduced by the algorithm: only by the paradigm's own stacks).
 */
public final class Palindromes {

    private Palindromes() {
    }

    /** The number of palindromic words of {@code line}; BAD_REQUEST for null. */
    public static int count(String line) {
        if (line == null) {
            throw new ChatException(ErrorCode.BAD_REQUEST, "text is missing");
        }
        int n = line.length();
        int count = 0;
        int i = 0;
        while (i < n) {
            while (i < n && line.charAt(i) == ' ') {
                i++;
            }
            if (i == n) {
                break;
            }
            int start = i;
            while (i < n && line.charAt(i) != ' ') {
                i++;
            }
            if (isPalindrome(line, start, i - 1)) {
                count++;
            }
        }
        return count;
    }

    /**
     * The work factor: counts {@code k} times over (each pass is checked against the first, which also keeps the JIT
     * from dropping passes whose result is unused) and returns the count of one pass. {@code k} outside
     * {@link Limits#MIN_PAL_K}..{@link Limits#MAX_PAL_K} gives BAD_REQUEST. The CPU cost grows linearly with k.
     */
    public static int count(String line, int k) {
        if (k < Limits.MIN_PAL_K || k > Limits.MAX_PAL_K) {
            throw new ChatException(ErrorCode.BAD_REQUEST, "k must be in 1..1000: " + k);
        }
        int first = count(line);
        for (int pass = 1; pass < k; pass++) {
            if (count(line) != first) {
                throw new IllegalStateException("a pass counted differently");
            }
        }
        return first;
    }

    /** Whether {@code word} (non-empty) reads the same backwards. */
    public static boolean isPalindrome(String word) {
        return !word.isEmpty() && isPalindrome(word, 0, word.length() - 1);
    }

    private static boolean isPalindrome(String s, int lo, int hi) {
        while (lo < hi) {
            if (s.charAt(lo++) != s.charAt(hi--)) {
                return false;
            }
        }
        return true;
    }
}
