package io.paradigmlab.eshop.domain.csv;

import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.Product;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.ErrorList;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import java.io.CharArrayReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one CSV format of the e-shop (spec 2.2 D-9): the export's writer ({@code GET /products/export}) and the
 * import's parser ({@code POST /products/import}), so that an export imports back unchanged. UTF-8, RFC 4180
 * ({@link CsvReader}, {@link CsvWriter}), header {@value #HEADER}, prices with two decimals, records ending in CRLF.
 *
 * <p>The import validates every row before anything is saved (spec 2.6 #7) and reports each bad field as
 * {@code "line N: field"} (N the physical line the row starts on, the header being line 1; field one of the header's
 * names), with these other messages:
 * <ul>
 *   <li>{@code line 1: header} when the first record is not exactly the header (nothing else is checked then);</li>
 *   <li>{@code line N: columns} for a row with other than 5 fields;</li>
 *   <li>{@code line N: code duplicates line M} for a code seen earlier in the file;</li>
 *   <li>{@code line N: quote} for a misplaced or unclosed quote: it ends the reading;</li>
 *   <li>{@code line N: encoding} for bytes that are not UTF-8 (N the line of the first): the only message then;</li>
 *   <li>{@value #NO_ROWS}, and {@value #TOO_MANY_ROWS} past {@value #MAX_ROWS} rows (the reading stops there).</li>
 * </ul>
 * At most {@link ErrorList#MAX_MESSAGES} messages, then their count. A code that exists in the database is not this
 * parser's to know: the service's insert finds it (409).
 */
public final class ProductCsv {

    public static final String HEADER = "code,name,category,price,description";
    public static final List<String> COLUMNS = List.of("code", "name", "category", "price", "description");
    public static final String MEDIA_TYPE = "text/csv";
    /** Most rows one import takes (the seed's file has 18,084). */
    public static final int MAX_ROWS = 50_000;
    /** Rows per insert statement of the import, and per fetch of the export's cursor (spec 2.6 #7). */
    public static final int BATCH_SIZE = 1_000;
    public static final String NO_ROWS = "the file has no rows";
    public static final String TOO_MANY_ROWS = "more than 50000 rows";

    private ProductCsv() {
    }

    // ---- export

    /** The header record, with its CRLF. */
    public static String headerLine() {
        return HEADER + CsvWriter.CRLF;
    }

    /** Appends one product's record (its id is not exported). */
    public static StringBuilder appendRow(StringBuilder out, Product p) {
        return appendRow(out, p.code(), p.name(), p.category(), p.price(), p.description());
    }

    public static StringBuilder appendRow(StringBuilder out, NewProduct p) {
        return appendRow(out, p.code(), p.name(), p.category(), p.price(), p.description());
    }

    /** One product's record, with its CRLF. */
    public static String row(Product p) {
        return appendRow(new StringBuilder(128), p).toString();
    }

    /** A whole file: header and one record per product, in the given order. */
    public static String document(Iterable<NewProduct> products) {
        StringBuilder out = new StringBuilder(headerLine());
        products.forEach(p -> appendRow(out, p));
        return out.toString();
    }

    private static StringBuilder appendRow(StringBuilder out, String code, String name, String category,
            BigDecimal price, String description) {
        CsvWriter.field(out, code).append(',');
        CsvWriter.field(out, name).append(',');
        CsvWriter.field(out, category).append(',');
        // scale 2 as stored (numeric(7,2)); UNNECESSARY: a price with more decimals is a bug upstream, not rounded
        out.append(price.setScale(2, RoundingMode.UNNECESSARY).toPlainString()).append(',');
        CsvWriter.field(out, description == null ? "" : description);
        return out.append(CsvWriter.CRLF);
    }

    // ---- import

    /**
     * Parses an uploaded file's bytes (UTF-8). Bytes that are not UTF-8 are one error, {@code line N: encoding} with
     * the line of the first bad byte: a file in another encoding is wrong as a whole (and decoding with the JDK's
     * default, replacing them with U+FFFD, would store damaged names).
     */
    public static List<NewProduct> parse(byte[] utf8) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(utf8);
        // UTF-8 never decodes to more UTF-16 units than it has bytes
        CharBuffer out = CharBuffer.allocate(utf8.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            throw new ApiException.BadRequest("line " + lineAt(utf8, in.position()) + ": encoding");
        }
        return parse(new CharArrayReader(out.array(), 0, out.position()));
    }

    /** Parses a stream of UTF-8 bytes, read to its end first (the web layer bounds an upload's size). */
    public static List<NewProduct> parse(InputStream utf8) {
        try {
            return parse(utf8.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("reading the uploaded file failed", e);
        }
    }

    /** The physical line of byte {@code offset}: line breaks are ASCII, so counting bytes counts lines. */
    private static int lineAt(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n' || (bytes[i] == '\r' && (i + 1 >= bytes.length || bytes[i + 1] != '\n'))) {
                line++;
            }
        }
        return line;
    }

    /**
     * Parses and validates a whole file: every valid row as a product (price at scale 2), in file order.
     *
     * @throws ApiException.BadRequest with every problem found (see the class comment); nothing is returned then
     */
    public static List<NewProduct> parse(Reader in) {
        CsvReader reader = new CsvReader(in);
        ErrorList errors = new ErrorList();
        List<NewProduct> products = new ArrayList<>();
        Map<String, Integer> codes = new HashMap<>();
        int rows = 0;
        try {
            CsvReader.Row header = reader.next();
            if (header == null || !header.fields().equals(COLUMNS)) {
                throw new ApiException.BadRequest("line " + (header == null ? 1 : header.line()) + ": header");
            }
            for (CsvReader.Row row = reader.next(); row != null; row = reader.next()) {
                if (++rows > MAX_ROWS) {
                    errors.add(TOO_MANY_ROWS);
                    break;
                }
                NewProduct p = product(row, codes, errors);
                if (p != null) {
                    products.add(p);
                }
            }
        } catch (CsvReader.SyntaxError e) {
            errors.add("line " + e.line() + ": quote");
        } catch (CharacterCodingException e) {
            errors.add("line " + reader.line() + ": encoding");
        } catch (IOException e) {
            throw new UncheckedIOException("reading the uploaded file failed", e);
        }
        if (rows == 0 && errors.isEmpty()) {
            errors.add(NO_ROWS);
        }
        errors.throwIfAny();
        return List.copyOf(products);
    }

    /** The row's product, or null after adding one message per bad field. */
    private static NewProduct product(CsvReader.Row row, Map<String, Integer> codes, ErrorList errors) {
        String at = "line " + row.line() + ": ";
        List<String> f = row.fields();
        if (f.size() != COLUMNS.size()) {
            errors.add(at + "columns");
            return null;
        }
        boolean ok = true;
        String code = f.get(0);
        if (!EshopRequests.isCode(code)) {
            errors.add(at + "code");
            ok = false;
        } else {
            Integer first = codes.putIfAbsent(code, row.line());
            if (first != null) {
                errors.add(at + "code duplicates line " + first);
                ok = false;
            }
        }
        if (!EshopRequests.isName(f.get(1))) {
            errors.add(at + "name");
            ok = false;
        }
        if (!EshopRequests.isCategory(f.get(2))) {
            errors.add(at + "category");
            ok = false;
        }
        BigDecimal price = EshopRequests.price(f.get(3));
        if (price == null) {
            errors.add(at + "price");
            ok = false;
        }
        if (!EshopRequests.isDescription(f.get(4))) {
            errors.add(at + "description");
            ok = false;
        }
        return ok ? new NewProduct(code, f.get(1), f.get(2), price, f.get(4)) : null;
    }
}
