package io.paradigmlab.itstore.domain.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class ItStoreRequestsTest {

    /** Inputs no integer parameter may accept. */
    private static final String[] NOT_NUMBERS = {"", " ", "abc", "-1", "+1", "1.0", "1e3", "0x10", " 5", "5 ", "5\u0000",
            "\u00005", "\u0000", "١٢", "５", "1_000", "9".repeat(1000), "0".repeat(1000) + "x", "2147483648",
            "99999999999", "18446744073709551617"};

    @Test
    void messagesAreTheContracts() {
        assertThat(ItStoreRequests.TYPE_INVALID).isEqualTo("type must be one of c, e, s, m");
        assertThat(ItStoreRequests.N_INVALID).isEqualTo("N must be an integer between 0 and 1000000");
        assertThat(ItStoreRequests.MONTH_INVALID).isEqualTo("month must be between 1 and 12");
        assertThat(ItStoreRequests.YEAR_INVALID).isEqualTo("year must be between 1 and 9999");
        assertThat(ItStoreRequests.PRODUCT_ID_INVALID).isEqualTo("productId must be a non-negative integer");
        assertThat(ItStoreRequests.ID_INVALID).isEqualTo("id must be a non-negative integer");
    }

    // ---- type

    @ParameterizedTest
    @ValueSource(strings = {"c", "e", "s", "m"})
    void everyCesLetterIsAType(String type) {
        assertThat(ItStoreRequests.cesType(type)).isEqualTo(type);
        assertThat(ItStoreRequests.cesType(List.of(type))).isEqualTo(type);
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "x", "C", "a", "f", "cc", " c", "c ", "c\u0000", "\u0000", "customer", "ｃ"})
    void anyOtherTypeIsA400(String type) {
        invalid(() -> ItStoreRequests.cesType(type), ItStoreRequests.TYPE_INVALID);
    }

    @Test
    void aTypeGivenTwiceOrNotAtAllIsA400() {
        invalid(() -> ItStoreRequests.cesType(List.of("c", "c")), ItStoreRequests.TYPE_INVALID);
        invalid(() -> ItStoreRequests.cesType(List.of()), ItStoreRequests.TYPE_INVALID);
        invalid(() -> ItStoreRequests.cesType((List<String>) null), ItStoreRequests.TYPE_INVALID);
    }

    // ---- productId and the path id

    @Test
    void productIdsAreNonNegativeInts() {
        assertThat(ItStoreRequests.productId("0")).isZero();
        assertThat(ItStoreRequests.productId("42")).isEqualTo(42);
        assertThat(ItStoreRequests.productId("007")).isEqualTo(7);
        assertThat(ItStoreRequests.productId("2147483647")).isEqualTo(Integer.MAX_VALUE);
        assertThat(ItStoreRequests.productId("0000000000000000000002147483647")).isEqualTo(Integer.MAX_VALUE);
        assertThat(ItStoreRequests.productId(List.of("5"))).isEqualTo(5);
        assertThat(ItStoreRequests.productPathId("699999")).isEqualTo(699_999);
    }

    @Test
    void badProductIdsAreA400() {
        for (String raw : withNull(NOT_NUMBERS)) {
            invalid(() -> ItStoreRequests.productId(raw), ItStoreRequests.PRODUCT_ID_INVALID);
            invalid(() -> ItStoreRequests.productPathId(raw), ItStoreRequests.ID_INVALID);
        }
        invalid(() -> ItStoreRequests.productId(List.of("1", "2")), ItStoreRequests.PRODUCT_ID_INVALID);
        invalid(() -> ItStoreRequests.productId(List.of()), ItStoreRequests.PRODUCT_ID_INVALID);
    }

    @Test
    void aMissingProductIsA404() {
        ApiException.NotFound e = ItStoreRequests.productNotFound();
        assertThat(e.status()).isEqualTo(404);
        assertThat(e.errors()).containsExactly("Product not found");
    }

    // ---- N

    @Test
    void nIsZeroToAMillion() {
        assertThat(ItStoreRequests.firstN("0")).isZero();
        assertThat(ItStoreRequests.firstN("1")).isEqualTo(1);
        assertThat(ItStoreRequests.firstN("613202")).isEqualTo(613_202);
        assertThat(ItStoreRequests.firstN("1000000")).isEqualTo(1_000_000);
        assertThat(ItStoreRequests.firstN(List.of("10"))).isEqualTo(10);
    }

    @Test
    void badNIsA400() {
        List<String> bad = new ArrayList<>(withNull(NOT_NUMBERS));
        bad.add("1000001");
        bad.add("2147483647");
        for (String raw : bad) {
            invalid(() -> ItStoreRequests.firstN(raw), ItStoreRequests.N_INVALID);
        }
        invalid(() -> ItStoreRequests.firstN(List.of("1", "1")), ItStoreRequests.N_INVALID);
        invalid(() -> ItStoreRequests.firstN((List<String>) null), ItStoreRequests.N_INVALID);
    }

    // ---- year and month

    @Test
    void theDefaultMonthIsOctober2022() {
        assertThat(ItStoreRequests.itemsPeriod((String) null, null)).isEqualTo(new ItemsPeriod(2022, 10));
        assertThat(ItStoreRequests.itemsPeriod(List.of(), List.of())).isEqualTo(ItemsPeriod.DEFAULT);
        assertThat(ItStoreRequests.itemsPeriod((List<String>) null, null)).isEqualTo(ItemsPeriod.DEFAULT);
    }

    @Test
    void eitherHalfMayBeGiven() {
        assertThat(ItStoreRequests.itemsPeriod("2021", null)).isEqualTo(new ItemsPeriod(2021, 10));
        assertThat(ItStoreRequests.itemsPeriod(null, "3")).isEqualTo(new ItemsPeriod(2022, 3));
        assertThat(ItStoreRequests.itemsPeriod("2024", "12")).isEqualTo(new ItemsPeriod(2024, 12));
        assertThat(ItStoreRequests.itemsPeriod("1", "01")).isEqualTo(new ItemsPeriod(1, 1));
        assertThat(ItStoreRequests.itemsPeriod("9999", "1")).isEqualTo(new ItemsPeriod(9999, 1));
        assertThat(ItStoreRequests.itemsPeriod(List.of("2023"), List.of("7"))).isEqualTo(new ItemsPeriod(2023, 7));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "13", "00", "100"})
    void monthsOutsideTheYearAreA400(String month) {
        invalid(() -> ItStoreRequests.itemsPeriod("2022", month), ItStoreRequests.MONTH_INVALID);
    }

    @Test
    void badYearsAndMonthsAreA400() {
        for (String raw : NOT_NUMBERS) {
            invalid(() -> ItStoreRequests.itemsPeriod(raw, null), ItStoreRequests.YEAR_INVALID);
            invalid(() -> ItStoreRequests.itemsPeriod(null, raw), ItStoreRequests.MONTH_INVALID);
        }
        invalid(() -> ItStoreRequests.itemsPeriod("0", "5"), ItStoreRequests.YEAR_INVALID);
        invalid(() -> ItStoreRequests.itemsPeriod("10000", "5"), ItStoreRequests.YEAR_INVALID);
    }

    @Test
    void bothWrongNamesBothYearFirst() {
        invalid(() -> ItStoreRequests.itemsPeriod("x", "13"), ItStoreRequests.YEAR_INVALID,
                ItStoreRequests.MONTH_INVALID);
        invalid(() -> ItStoreRequests.itemsPeriod(List.of("1", "2"), List.of("3", "4")),
                ItStoreRequests.YEAR_INVALID, ItStoreRequests.MONTH_INVALID);
        invalid(() -> ItStoreRequests.itemsPeriod(List.of("2022"), List.of("3", "4")), ItStoreRequests.MONTH_INVALID);
        invalid(() -> ItStoreRequests.itemsPeriod(List.of("2022", "2022"), List.of("4")), ItStoreRequests.YEAR_INVALID);
        invalid(() -> ItStoreRequests.itemsPeriod(List.of("2022", "2022"), List.of("13")),
                ItStoreRequests.YEAR_INVALID, ItStoreRequests.MONTH_INVALID);
    }

    @Test
    void aPeriodOutsideTheRangeCannotBeMade() {
        assertThatThrownBy(() -> new ItemsPeriod(2022, 13)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ItemsPeriod(0, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    // ---- helpers

    private static List<String> withNull(String[] values) {
        List<String> all = new ArrayList<>(Arrays.asList(values));
        all.add(null);
        return all;
    }

    /** Only the domain's own 400 may come out, with exactly these messages. */
    private static void invalid(Executable call, String... errors) {
        assertThatThrownBy(call::execute).isExactlyInstanceOf(ApiException.BadRequest.class)
                .satisfies(e -> {
                    ApiException api = (ApiException) e;
                    assertThat(api.status()).isEqualTo(400);
                    assertThat(api.errors()).containsExactly(errors);
                });
    }
}
