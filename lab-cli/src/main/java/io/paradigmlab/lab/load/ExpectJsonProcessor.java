package io.paradigmlab.lab.load;

import io.hyperfoil.api.config.BenchmarkDefinitionException;
import io.hyperfoil.api.config.ListBuilder;
import io.hyperfoil.api.config.Name;
import io.hyperfoil.api.connection.Request;
import io.hyperfoil.api.processor.Processor;
import io.hyperfoil.api.session.ResourceUtilizer;
import io.hyperfoil.api.session.Session;
import io.netty.buffer.ByteBuf;
import java.io.Serial;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The {@code expectJson} body check: the response body must be a JSON object having the given top-level fields, or a
 * JSON array; otherwise the request is marked invalid (counted as an error, like a wrong status).
 * <pre>
 * handler:
 *   status:
 *     range: 200
 *   body:
 *     expectJson:
 *       fields: [id, user_name]    # an object with these top-level fields (type: object implied)
 * # or
 *     expectJson:
 *       type: array                # a JSON array
 * </pre>
 * A streaming scan with constant state per session, so a body of megabytes is checked without being kept: it checks
 * the body's structure (brackets balanced, strings closed, the outer value of the expected type) and the top-level
 * keys, not every JSON rule. Registered in {@code META-INF/services/io.hyperfoil.api.processor.Processor$Builder}.
 */
public final class ExpectJsonProcessor implements Processor, ResourceUtilizer,
        Session.ResourceKey<ExpectJsonProcessor.Scan> {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The outer JSON value expected. */
    enum Type {
        OBJECT('{', '}'), ARRAY('[', ']'), ANY((byte) 0, (byte) 0);

        final byte open;
        final byte close;

        Type(char open, char close) {
            this((byte) open, (byte) close);
        }

        Type(byte open, byte close) {
            this.open = open;
            this.close = close;
        }
    }

    private final Type type;
    private final byte[][] fields;

    private ExpectJsonProcessor(Type type, byte[][] fields) {
        this.type = type;
        this.fields = fields;
    }

    @Override
    public void before(Session session) {
        session.getResource(this).reset(fields.length);
    }

    @Override
    public void process(Session session, ByteBuf data, int offset, int length, boolean isLastPart) {
        Scan scan = session.getResource(this);
        for (int i = offset; i < offset + length; i++) {
            scan.accept(data.getByte(i), fields);
        }
    }

    @Override
    public void after(Session session) {
        Scan scan = session.getResource(this);
        boolean valid = scan.complete(type, fields);
        scan.reset(fields.length);
        Request request = session.currentRequest();
        if (!valid && request != null) {
            request.markInvalid();
        }
    }

    @Override
    public void reserve(Session session) {
        session.declareResource(this, () -> new Scan(fields), true);
    }

    /** The state of one body's scan. */
    static final class Scan implements Session.Resource {
        private final boolean[] found;
        private final byte[] key;
        private int keyLength;
        private boolean keyTooLong;
        private byte first;
        private byte last;
        private int depth;
        private boolean inString;
        private boolean escaped;
        private boolean expectingKey;
        private boolean readingKey;
        private boolean broken;

        Scan(byte[][] fields) {
            found = new boolean[fields.length];
            int longest = 0;
            for (byte[] f : fields) {
                longest = Math.max(longest, f.length);
            }
            key = new byte[longest];
        }

        void reset(int fields) {
            Arrays.fill(found, false);
            keyLength = 0;
            keyTooLong = false;
            first = 0;
            last = 0;
            depth = 0;
            inString = false;
            escaped = false;
            expectingKey = false;
            readingKey = false;
            broken = false;
        }

        void accept(byte b, byte[][] fields) {
            if (inString) {
                if (escaped) {
                    escaped = false;
                    appendKey(b);
                } else if (b == '\\') {
                    escaped = true;
                    appendKey(b);
                } else if (b == '"') {
                    inString = false;
                    if (readingKey) {
                        readingKey = false;
                        matchKey(fields);
                    }
                } else {
                    appendKey(b);
                }
                last = b;
                return;
            }
            if (b == ' ' || b == '\n' || b == '\r' || b == '\t') {
                return;
            }
            if (first == 0) {
                first = b;
            } else if (depth == 0 && (first == '{' || first == '[')) {
                broken = true; // something after the outer object or array
            }
            last = b;
            switch (b) {
                case '"' -> {
                    inString = true;
                    if (depth == 1 && expectingKey && first == '{') {
                        readingKey = true;
                        keyLength = 0;
                        keyTooLong = false;
                    }
                    expectingKey = false;
                }
                case '{', '[' -> {
                    depth++;
                    expectingKey = b == '{';
                }
                case '}', ']' -> {
                    depth--;
                    if (depth < 0) {
                        broken = true;
                    }
                }
                case ',' -> expectingKey = depth == 1 && first == '{';
                default -> expectingKey = false;
            }
        }

        private void appendKey(byte b) {
            if (readingKey) {
                if (keyLength < key.length) {
                    key[keyLength++] = b;
                } else {
                    keyTooLong = true;
                }
            }
        }

        private void matchKey(byte[][] fields) {
            if (keyTooLong) {
                return;
            }
            for (int i = 0; i < fields.length; i++) {
                if (fields[i].length == keyLength && Arrays.equals(fields[i], 0, keyLength, key, 0, keyLength)) {
                    found[i] = true;
                }
            }
        }

        boolean complete(Type type, byte[][] fields) {
            if (broken || inString || depth != 0 || first == 0) {
                return false;
            }
            if (type != Type.ANY && (first != type.open || last != type.close)) {
                return false;
            }
            for (boolean f : found) {
                if (!f) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Checks that the response body is a JSON object with the given top-level fields, or a JSON array. */
    @Name("expectJson")
    public static class Builder implements Processor.Builder {
        private String type;
        private List<String> fields = new ArrayList<>();

        /**
         * The outer value: {@code object} or {@code array} ({@code object} when fields are given).
         *
         * @param type object or array
         * @return this
         */
        public Builder type(String type) {
            this.type = type;
            return this;
        }

        /**
         * One top-level field the object must have.
         *
         * @param field field name
         * @return this
         */
        public Builder fields(String field) {
            fields.add(field);
            return this;
        }

        /**
         * Top-level fields the object must have.
         *
         * @return list builder
         */
        public ListBuilder fields() {
            return fields::add;
        }

        @Override
        public Processor build(boolean fragmented) {
            Type t;
            if (type == null) {
                t = fields.isEmpty() ? Type.ANY : Type.OBJECT;
            } else {
                t = switch (type.toLowerCase(Locale.ROOT)) {
                    case "object" -> Type.OBJECT;
                    case "array" -> Type.ARRAY;
                    default -> throw new BenchmarkDefinitionException("expectJson: type must be object or array, not '"
                            + type + "'");
                };
            }
            if (t == Type.ARRAY && !fields.isEmpty()) {
                throw new BenchmarkDefinitionException("expectJson: fields apply to an object, not to an array");
            }
            byte[][] names = fields.stream().map(f -> f.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
            return new ExpectJsonProcessor(t, names);
        }
    }
}
