package io.paradigmlab.eshop.domain.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvReaderTest {

    private static List<CsvReader.Row> read(String text) throws Exception {
        return read(new StringReader(text));
    }

    private static List<CsvReader.Row> read(Reader in) throws Exception {
        CsvReader reader = new CsvReader(in);
        List<CsvReader.Row> rows = new ArrayList<>();
        for (CsvReader.Row r = reader.next(); r != null; r = reader.next()) {
            rows.add(r);
        }
        return rows;
    }

    private static CsvReader.Row row(int line, String... fields) {
        return new CsvReader.Row(line, List.of(fields));
    }

    @Test
    void plainFieldsAndEveryLineEnding() throws Exception {
        assertThat(read("a,b\r\nc,d\ne,f\rg,h")).containsExactly(row(1, "a", "b"), row(2, "c", "d"),
                row(3, "e", "f"), row(4, "g", "h"));
        assertThat(read("a,b\r\n")).containsExactly(row(1, "a", "b"));
        assertThat(read("")).isEmpty();
    }

    @Test
    void emptyFieldsAreFields() throws Exception {
        assertThat(read(",\r\na,,b,\r\n\"\"\r\n")).containsExactly(row(1, "", ""), row(2, "a", "", "b", ""),
                row(3, ""));
    }

    @Test
    void quotedFieldsHoldCommasQuotesAndLineBreaks() throws Exception {
        assertThat(read("\"a,b\",\"say \"\"hi\"\"\",\"two\r\nlines\",\"lf\nonly\"\r\nnext,x\r\n"))
                .containsExactly(row(1, "a,b", "say \"hi\"", "two\r\nlines", "lf\nonly"), row(4, "next", "x"));
        assertThat(read("\"\"\"\"")).containsExactly(row(1, "\""));
    }

    @Test
    void emptyLinesAreSkippedButCounted() throws Exception {
        assertThat(read("\r\n\na\r\n\r\nb\n\n")).containsExactly(row(3, "a"), row(5, "b"));
    }

    @Test
    void aLeadingByteOrderMarkIsSkipped() throws Exception {
        assertThat(read("\uFEFFa,b")).containsExactly(row(1, "a", "b"));
        // only at the start: elsewhere it is data
        assertThat(read("a\n\uFEFFb")).containsExactly(row(1, "a"), row(2, "\uFEFFb"));
    }

    @Test
    void misplacedOrOpenQuotesAreSyntaxErrorsOfTheirRecord() {
        assertThatThrownBy(() -> read("ok\r\na\"b,c\r\n")).isInstanceOfSatisfying(CsvReader.SyntaxError.class,
                e -> assertThat(e.line()).isEqualTo(2));
        assertThatThrownBy(() -> read("ok\n\"ab\"c,d\n")).isInstanceOfSatisfying(CsvReader.SyntaxError.class,
                e -> assertThat(e.line()).isEqualTo(2));
        assertThatThrownBy(() -> read("ok\n\n\"never\nclosed,\n")).isInstanceOfSatisfying(
                CsvReader.SyntaxError.class, e -> assertThat(e.line()).isEqualTo(3));
        assertThatThrownBy(() -> read("x,\"")).isInstanceOf(CsvReader.SyntaxError.class);
    }

    @Test
    void recordsLongerThanTheBufferAndReadsOfOneCharacter() throws Exception {
        String big = "x".repeat(50_000);
        String text = "\"" + big + "\"," + big + "\r\nz\r\n";
        assertThat(read(text)).containsExactly(row(1, big, big), row(2, "z"));
        // a reader that hands out one character per call: the buffer refills at every position
        Reader trickle = new Reader() {
            private final StringReader in = new StringReader("\"a\"\"b\",c\r\nd\r\n");

            @Override
            public int read(char[] cbuf, int off, int len) throws IOException {
                return in.read(cbuf, off, Math.min(len, 1));
            }

            @Override
            public void close() {
            }
        };
        assertThat(read(trickle)).containsExactly(row(1, "a\"b", "c"), row(2, "d"));
    }

    @Test
    void theWriterQuotesOnlyWhatMustBeQuoted() {
        assertThat(CsvWriter.record(new StringBuilder(), "a", "b c", "", "x,y", "q\"q", "l\nf", "c\rr").toString())
                .isEqualTo("a,b c,,\"x,y\",\"q\"\"q\",\"l\nf\",\"c\rr\"\r\n");
    }

    @Test
    void writerThenReaderGivesTheFieldsBack() throws Exception {
        String[] fields = {"", ",", "\"", "\"\"", "a\r\nb", "\r", "\n", " lead", "trail ", "\uFEFFbom", "é€😀"};
        StringBuilder out = new StringBuilder();
        CsvWriter.record(out, fields);
        CsvWriter.record(out, "second");
        assertThat(read(out.toString())).containsExactly(new CsvReader.Row(1, List.of(fields)), row(5, "second"));
    }
}
