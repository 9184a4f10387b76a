package io.paradigmlab.itstore.lab.data;

import io.paradigmlab.itstore.domain.Product;
import java.lang.reflect.RecordComponent;

/**
 * The size in bytes of a product's flat JSON as Jackson writes the {@link Product} record with default settings: no
 * whitespace, every component present (null as {@code null}), ints as digits, strings quoted. The generator's values
 * are plain ASCII with nothing to escape, so a string's JSON is its length plus two quotes. Worked out from the
 * record's own component names, so a renamed component changes the sizes with it; {@code ItStoreDataGeneratorTest}
 * compares the sums with Jackson's output.
 */
final class ProductJson {

    /** Braces, commas, and every {@code "name":}. */
    static final int OVERHEAD = overhead();

    private ProductJson() {
    }

    static int size(int idProd, String prodName, int idSupplier, String availability, String category,
                    String addInfo) {
        return OVERHEAD + digits(idProd) + string(prodName) + digits(idSupplier) + string(availability)
                + string(category) + string(addInfo);
    }

    /** The bytes of {@code first_N_products} answering {@code rows} products of {@code productBytes} in all. */
    static long array(long rows, long productBytes) {
        return 2 + productBytes + Math.max(0, rows - 1);
    }

    static int string(String s) {
        return s == null ? 4 : s.length() + 2;
    }

    static int digits(int n) {
        return Integer.toString(n).length();
    }

    private static int overhead() {
        RecordComponent[] components = Product.class.getRecordComponents();
        int bytes = 2 + components.length - 1;
        for (RecordComponent c : components) {
            if (c.getType() != int.class && c.getType() != String.class) {
                throw new IllegalStateException("ProductJson sizes ints and strings only, not " + c);
            }
            bytes += c.getName().length() + 3;
        }
        return bytes;
    }
}
