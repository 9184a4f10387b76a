package io.paradigmlab.eshop.domain.request;

import static io.paradigmlab.common.contract.QueryValues.first;
import static io.paradigmlab.common.contract.QueryValues.repeated;
import static io.paradigmlab.common.contract.QueryValues.single;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.BatchMode;
import io.paradigmlab.eshop.domain.BatchOptions;
import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.OrderBatch;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.StockUpdate;
import io.paradigmlab.eshop.domain.error.ErrorList;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Validation of every request of the e-shop's contract (spec 2.7), with the 400 messages every variant answers. Each
 * method takes the value as the web layer received it (null when absent; a query parameter also as the list of its
 * values, since a repeated one is refused: MVC would join the values with a comma and WebFlux keep the first) and
 * returns the checked, normalized value. Whatever the input, the only exception is {@link ApiException.BadRequest},
 * with every problem of the request at once (at most {@link ErrorList#MAX_MESSAGES}).
 *
 * <p>Numbers in the URL are plain ASCII decimal digits: no sign, no spaces (not trimmed: {@link String#trim} would
 * also drop a NUL byte), no other scripts' digits; leading zeros are allowed; too many digits is out of range, not an
 * overflow. Text lengths count Unicode characters (code points, as PostgreSQL's {@code varchar(n)} does); U+0000
 * (PostgreSQL refuses it in text) and unpaired surrogates (not encodable in UTF-8) are refused.
 *
 * <p>Order numbers: a client may send one per line (a UUID, any case, stored lower case) or leave it out; then Order
 * assigns a random (version 4) UUID from the {@code Supplier} it passes to {@link #orderBatch}, after validation, in
 * line order. Not derived from the batch's content on purpose: two orders with equal content are two orders, and 20
 * concurrent identical batches on a stock of 10 must give 10 rows, which a content-derived number would make collide
 * on {@code orders.order_number UNIQUE}. A suite that compares bodies across variants sends its own numbers (as
 * {@code SeedData.invalidOrders} does) or masks the generated ones.
 */
public final class EshopRequests {

    /** Product code: {@code P} and this many ASCII digits. */
    public static final int CODE_DIGITS = 7;
    public static final int NAME_MAX = 100;
    public static final int CATEGORY_MAX = 50;
    public static final int DESCRIPTION_MAX = 200;
    public static final BigDecimal PRICE_MIN = new BigDecimal("0.01");
    public static final BigDecimal PRICE_MAX = new BigDecimal("9999.99");
    /** The largest stock level and the largest ordered quantity (fits MariaDB's {@code INT}). */
    public static final long QUANTITY_MAX = 1_000_000_000L;
    /** {@code GET /products/delay?ms=}: 0..10 s. */
    public static final int PRODUCT_DELAY_MAX_MS = 10_000;
    /** {@code POST /inventory/reservations/one?delayMs=} and {@code POST /orders/batch?delayMs=}: 0..1 s. */
    public static final int RESERVATION_DELAY_MAX_MS = 1_000;
    /** Lines of an order batch and of a reservations request. */
    public static final int MAX_LINES = 1_000;

    public static final String BODY_REQUIRED = StandardErrors.BODY_REQUIRED;
    public static final String CODE_RULE = "must be P followed by " + CODE_DIGITS + " digits";
    public static final String NAME_RULE = "must be 1 to " + NAME_MAX + " characters, without U+0000";
    public static final String CATEGORY_RULE = "must be 1 to " + CATEGORY_MAX + " characters, without U+0000";
    public static final String PRICE_RULE = "must be from 0.01 to 9999.99 with at most 2 decimals";
    public static final String DESCRIPTION_RULE = "must be at most " + DESCRIPTION_MAX + " characters, without U+0000";
    public static final String ORDER_NUMBER_RULE = "must be a UUID";
    public static final String LINE_QUANTITY_RULE = "must be an integer from 1 to " + QUANTITY_MAX;

    public static final String CODE = "code " + CODE_RULE;
    public static final String NAME = "name " + NAME_RULE;
    public static final String CATEGORY = "category " + CATEGORY_RULE;
    public static final String PRICE = "price " + PRICE_RULE;
    public static final String DESCRIPTION = "description " + DESCRIPTION_RULE;
    public static final String ID = "id must be a positive integer";
    public static final String STOCK_QUANTITY = "quantity must be an integer from 0 to " + QUANTITY_MAX;
    public static final String MS = "ms must be an integer from 0 to " + PRODUCT_DELAY_MAX_MS;
    public static final String DELAY_MS = "delayMs must be an integer from 0 to " + RESERVATION_DELAY_MAX_MS;
    public static final String MODE = "mode must be bulk or individual";
    public static final String DELAY_NEEDS_INDIVIDUAL = "delayMs is only allowed with mode=individual";
    public static final String ORDERS_SIZE = "orders must have 1 to " + MAX_LINES + " lines";
    public static final String RESERVATIONS_SIZE = "reservations must have 1 to " + MAX_LINES + " lines";

    private EshopRequests() {
    }

    // ---- field rules, shared by the JSON bodies and the CSV import

    /** {@code P} followed by exactly {@link #CODE_DIGITS} ASCII digits. */
    public static boolean isCode(String s) {
        if (s == null || s.length() != 1 + CODE_DIGITS || s.charAt(0) != 'P') {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!isDigit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    public static boolean isName(String s) {
        return isText(s, 1, NAME_MAX);
    }

    public static boolean isCategory(String s) {
        return isText(s, 1, CATEGORY_MAX);
    }

    /** A description is optional: null counts as empty. */
    public static boolean isDescription(String s) {
        return s == null || isText(s, 0, DESCRIPTION_MAX);
    }

    /**
     * The price at scale 2 when {@code p} is within [0.01, 9999.99] with at most 2 significant decimals
     * ({@code 12.500} is 12.50); else null.
     */
    public static BigDecimal price(BigDecimal p) {
        // range first: it bounds the value, so stripping zeros below never meets a huge exponent
        if (p == null || p.compareTo(PRICE_MIN) < 0 || p.compareTo(PRICE_MAX) > 0) {
            return null;
        }
        if (p.stripTrailingZeros().scale() > 2) {
            return null;
        }
        return p.setScale(2, RoundingMode.UNNECESSARY);
    }

    /**
     * A price written as text (the CSV's): ASCII digits, optionally a point and more digits ({@code 12}, {@code 12.5},
     * {@code 12.50}); no sign, exponent or spaces; then as {@link #price(BigDecimal)}. Null when not a price.
     */
    public static BigDecimal price(String s) {
        if (s == null || s.isEmpty() || s.length() > 20) {
            return null;
        }
        int point = -1;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '.' && point < 0 && i > 0 && i < s.length() - 1) {
                point = i;
            } else if (!isDigit(c)) {
                return null;
            }
        }
        return price(new BigDecimal(s));
    }

    /** A UUID in its 36-character form ({@code 8-4-4-4-12} hex digits, any case), lower-cased; else null. */
    public static String orderNumber(String s) {
        if (s == null || s.length() != 36) {
            return null;
        }
        for (int i = 0; i < 36; i++) {
            char c = s.charAt(i);
            boolean hyphen = i == 8 || i == 13 || i == 18 || i == 23;
            if (hyphen ? c != '-' : !isHexDigit(c)) {
                return null;
            }
        }
        return s.toLowerCase(Locale.ROOT);
    }

    // ---- Product

    /** The body of {@code POST /products}, checked and normalized (price at scale 2, null description as empty). */
    public static NewProduct newProduct(NewProduct body) {
        if (body == null) {
            throw new ApiException.BadRequest(BODY_REQUIRED);
        }
        ErrorList errors = new ErrorList();
        if (!isCode(body.code())) {
            errors.add(CODE);
        }
        if (!isName(body.name())) {
            errors.add(NAME);
        }
        if (!isCategory(body.category())) {
            errors.add(CATEGORY);
        }
        BigDecimal price = price(body.price());
        if (price == null) {
            errors.add(PRICE);
        }
        if (!isDescription(body.description())) {
            errors.add(DESCRIPTION);
        }
        errors.throwIfAny();
        return new NewProduct(body.code(), body.name(), body.category(), price,
                body.description() == null ? "" : body.description());
    }

    /** The {@code {id}} of {@code /products/{id}...}: 1 to 9,223,372,036,854,775,807. */
    public static long productId(String raw) {
        return positiveLong(raw, ID);
    }

    /** The {@code {id}} of {@code GET /orders/{id}}: 1 to 9,223,372,036,854,775,807. */
    public static long orderId(String raw) {
        return positiveLong(raw, ID);
    }

    /** The {@code {code}} of {@code /inventory/{code}}. */
    public static String code(String raw) {
        if (!isCode(raw)) {
            throw new ApiException.BadRequest(CODE);
        }
        return raw;
    }

    /** The body of {@code PUT /products/{id}/stock} and {@code PUT /inventory/{code}}: 0..1e9. */
    public static long stockQuantity(StockUpdate body) {
        if (body == null) {
            throw new ApiException.BadRequest(BODY_REQUIRED);
        }
        Long q = body.quantity();
        if (q == null || q < 0 || q > QUANTITY_MAX) {
            throw new ApiException.BadRequest(STOCK_QUANTITY);
        }
        return q;
    }

    /** {@code ms} of {@code GET /products/delay}: required, 0..10,000. */
    public static int productDelayMs(String raw) {
        Long ms = number(raw, PRODUCT_DELAY_MAX_MS);
        if (ms == null) {
            throw new ApiException.BadRequest(MS);
        }
        return ms.intValue();
    }

    public static int productDelayMs(List<String> values) {
        return productDelayMs(single(values, MS));
    }

    // ---- Inventory

    /** {@code delayMs} of {@code POST /inventory/reservations/one}: optional (0), 0..1,000. */
    public static int reservationDelayMs(String raw) {
        if (raw == null) {
            return 0;
        }
        Long ms = number(raw, RESERVATION_DELAY_MAX_MS);
        if (ms == null) {
            throw new ApiException.BadRequest(DELAY_MS);
        }
        return ms.intValue();
    }

    public static int reservationDelayMs(List<String> values) {
        return reservationDelayMs(single(values, DELAY_MS));
    }

    /**
     * The body of {@code POST /inventory/reservations}: 1..1,000 lines, each with an order number (unique in the
     * request: the answer names lines by it), a code and a quantity above 0. Messages name the line: {@code [3].quantity
     * must be ...}.
     */
    public static List<OrderLine> reservations(List<OrderLine> body) {
        if (body == null) {
            throw new ApiException.BadRequest(BODY_REQUIRED);
        }
        if (body.isEmpty() || body.size() > MAX_LINES) {
            throw new ApiException.BadRequest(RESERVATIONS_SIZE);
        }
        ErrorList errors = new ErrorList();
        List<OrderLine> lines = lines(body, "", true, errors);
        errors.throwIfAny();
        return lines;
    }

    /** The body of {@code POST /inventory/reservations/one}: one line, as in {@link #reservations}. */
    public static OrderLine reservation(OrderLine body) {
        if (body == null) {
            throw new ApiException.BadRequest(BODY_REQUIRED);
        }
        ErrorList errors = new ErrorList();
        OrderLine line = line(body, "", true, errors);
        errors.throwIfAny();
        return line;
    }

    // ---- Order

    /**
     * The body of {@code POST /orders/batch}: 1..1,000 lines, each with a code and a quantity above 0 and optionally
     * an order number (unique in the batch). Lines without one get {@code orderNumbers.get()} once all lines passed,
     * in line order (see the class comment). Messages name the line: {@code orders[3].productCode must be ...}.
     */
    public static List<OrderLine> orderBatch(OrderBatch body, Supplier<UUID> orderNumbers) {
        if (body == null) {
            throw new ApiException.BadRequest(BODY_REQUIRED);
        }
        if (body.orders() == null || body.orders().isEmpty() || body.orders().size() > MAX_LINES) {
            throw new ApiException.BadRequest(ORDERS_SIZE);
        }
        ErrorList errors = new ErrorList();
        List<OrderLine> lines = lines(body.orders(), "orders", false, errors);
        errors.throwIfAny();
        if (lines.stream().allMatch(l -> l.orderNumber() != null)) {
            return lines;
        }
        Set<String> used = new HashSet<>();
        for (OrderLine l : lines) {
            if (l.orderNumber() != null) {
                used.add(l.orderNumber());
            }
        }
        List<OrderLine> numbered = new ArrayList<>(lines.size());
        for (OrderLine l : lines) {
            if (l.orderNumber() != null) {
                numbered.add(l);
                continue;
            }
            String n = orderNumbers.get().toString();
            if (!used.add(n)) {
                throw new IllegalStateException("the order number generator repeated " + n);
            }
            numbered.add(new OrderLine(n, l.productCode(), l.quantity()));
        }
        return List.copyOf(numbered);
    }

    /** {@code mode} and {@code delayMs} of {@code POST /orders/batch}; {@code delayMs} only with individual. */
    public static BatchOptions batchOptions(String mode, String delayMs) {
        ErrorList errors = new ErrorList();
        BatchMode m = null;
        if (mode == null) {
            m = BatchMode.BULK;
        } else {
            for (BatchMode candidate : BatchMode.values()) {
                if (candidate.wire().equals(mode)) {
                    m = candidate;
                }
            }
            if (m == null) {
                errors.add(MODE);
            }
        }
        Long delay = delayMs == null ? Long.valueOf(0) : number(delayMs, RESERVATION_DELAY_MAX_MS);
        if (delay == null) {
            errors.add(DELAY_MS);
        } else if (delayMs != null && m == BatchMode.BULK) {
            // the bulk call has no delay: refusing the parameter beats a run that silently measures no delay
            errors.add(DELAY_NEEDS_INDIVIDUAL);
        }
        errors.throwIfAny();
        return new BatchOptions(m, delay.intValue());
    }

    public static BatchOptions batchOptions(List<String> modes, List<String> delays) {
        ErrorList errors = new ErrorList();
        if (repeated(modes)) {
            errors.add(MODE);
        }
        if (repeated(delays)) {
            errors.add(DELAY_MS);
        }
        errors.throwIfAny();
        return batchOptions(first(modes), first(delays));
    }

    // ---- helpers

    private static List<OrderLine> lines(List<OrderLine> body, String list, boolean numberRequired,
            ErrorList errors) {
        List<OrderLine> out = new ArrayList<>(body.size());
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < body.size(); i++) {
            String prefix = list + "[" + i + "]";
            OrderLine raw = body.get(i);
            if (raw == null) {
                errors.add(prefix + " must not be null");
                continue;
            }
            OrderLine line = line(raw, prefix + ".", numberRequired, errors);
            if (line == null) {
                continue;
            }
            if (line.orderNumber() != null) {
                Integer previous = seen.putIfAbsent(line.orderNumber(), i);
                if (previous != null) {
                    errors.add(prefix + ".orderNumber duplicates " + list + "[" + previous + "]");
                    continue;
                }
            }
            out.add(line);
        }
        return List.copyOf(out);
    }

    /** The checked line (order number lower case), or null after adding its messages. */
    private static OrderLine line(OrderLine raw, String prefix, boolean numberRequired, ErrorList errors) {
        boolean ok = true;
        String number = orderNumber(raw.orderNumber());
        if (number == null && (numberRequired || raw.orderNumber() != null)) {
            errors.add(prefix + "orderNumber " + ORDER_NUMBER_RULE);
            ok = false;
        }
        if (!isCode(raw.productCode())) {
            errors.add(prefix + "productCode " + CODE_RULE);
            ok = false;
        }
        Long q = raw.quantity();
        if (q == null || q < 1 || q > QUANTITY_MAX) {
            errors.add(prefix + "quantity " + LINE_QUANTITY_RULE);
            ok = false;
        }
        return ok ? new OrderLine(number, raw.productCode(), q) : null;
    }

    private static boolean isText(String s, int min, int max) {
        if (s == null) {
            return false;
        }
        int characters = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\u0000') {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return false;
                }
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
            if (++characters > max) {
                return false;
            }
        }
        return characters >= min;
    }

    private static long positiveLong(String raw, String error) {
        Long value = number(raw, Long.MAX_VALUE);
        if (value == null || value < 1) {
            throw new ApiException.BadRequest(error);
        }
        return value;
    }

    /** The value of {@code raw} when it is ASCII digits only and within [0, max]; else null. */
    static Long number(String raw, long max) {
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        long value = 0;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (!isDigit(c)) {
                return null;
            }
            int digit = c - '0';
            if (value > (max - digit) / 10) {
                // the next step would pass max (or overflow): out of range, whatever the rest
                return null;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** ASCII only: {@link Character#digit} would also take other scripts' and full-width digits. */
    private static boolean isHexDigit(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

}
