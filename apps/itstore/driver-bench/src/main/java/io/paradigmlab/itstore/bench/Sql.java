package io.paradigmlab.itstore.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * One SQL text in the two forms the drivers take, rendered once from the project's {@code :named} form
 * ({@code ItStoreSql}'s): pgjdbc's {@code ?} placeholders and r2dbc-postgresql's {@code $n}. Nothing else of the text
 * changes, so both drivers send the server the same statement (pgjdbc itself rewrites {@code ?} into {@code $n}).
 *
 * <p>Arguments are given per distinct name, in the order the names first appear ({@link #names()}); a name used twice
 * is one {@code $n} for R2DBC and two {@code ?} for JDBC. {@code ::} casts and quoted literals are left alone.
 *
 * @param named the text as written, with {@code :name} parameters
 * @param jdbc  the text with {@code ?} placeholders
 * @param r2dbc the text with {@code $1, $2, ...}
 * @param names the distinct parameter names, in order of first appearance ({@code $1} is the first)
 * @param jdbcArgs for each {@code ?} of {@link #jdbc}, the index into {@link #names} of its argument
 */
public record Sql(String named, String jdbc, String r2dbc, List<String> names, int[] jdbcArgs) {

    public Sql {
        names = List.copyOf(names);
    }

    /** Renders {@code named}. */
    public static Sql of(String named) {
        StringBuilder jdbc = new StringBuilder(named.length());
        StringBuilder r2dbc = new StringBuilder(named.length());
        List<String> names = new ArrayList<>();
        List<Integer> jdbcArgs = new ArrayList<>();
        boolean quoted = false;
        int i = 0;
        while (i < named.length()) {
            char c = named.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            }
            boolean parameter = !quoted && c == ':' && i + 1 < named.length()
                    && Character.isJavaIdentifierStart(named.charAt(i + 1))
                    && (i == 0 || named.charAt(i - 1) != ':');
            if (!parameter) {
                jdbc.append(c);
                r2dbc.append(c);
                i++;
                continue;
            }
            int end = i + 1;
            while (end < named.length() && Character.isJavaIdentifierPart(named.charAt(end))) {
                end++;
            }
            String name = named.substring(i + 1, end);
            int index = names.indexOf(name);
            if (index < 0) {
                names.add(name);
                index = names.size() - 1;
            }
            jdbc.append('?');
            r2dbc.append('$').append(index + 1);
            jdbcArgs.add(index);
            i = end;
        }
        return new Sql(named, jdbc.toString(), r2dbc.toString(), names,
                jdbcArgs.stream().mapToInt(Integer::intValue).toArray());
    }

    @Override
    public String toString() {
        return named;
    }
}
