package io.paradigmlab.eshop.webflux.common;

import io.paradigmlab.eshop.domain.Accepted;
import io.paradigmlab.eshop.domain.BatchResult;
import io.paradigmlab.eshop.domain.DelayResult;
import io.paradigmlab.eshop.domain.ImportResult;
import io.paradigmlab.eshop.domain.Order;
import io.paradigmlab.eshop.domain.OrderBatch;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.Product;
import io.paradigmlab.eshop.domain.Rejected;
import io.paradigmlab.eshop.domain.ReleaseResult;
import io.paradigmlab.eshop.domain.ReservationOutcome;
import io.paradigmlab.eshop.domain.ReservationResult;
import io.paradigmlab.eshop.domain.StockLevel;
import io.paradigmlab.eshop.domain.StockUpdate;
import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.common.contract.ErrorBody;
import java.util.List;
import org.springframework.beans.factory.SmartInitializingSingleton;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds Jackson's (de)serializers of every body the services read and write, request and response, server and
 * inventory client alike, at start-up. Jackson builds one on first use while holding a lock, so the first requests of
 * a type arriving together would park event-loop threads on it (under BlockHound, those requests fail); built here,
 * every request finds it cached. Tweebyte's {@code RequestBodyDeserializers}, with the e-shop's fixed list of types.
 */
final class JsonWarmUp implements SmartInitializingSingleton {

    private static final List<Class<?>> TYPES = List.of(NewProduct.class, Product.class, StockUpdate.class,
            StockLevel.class, DelayResult.class, ImportResult.class, OrderLine.class, OrderBatch.class,
            ReservationOutcome.class, ReservationResult.class, ReleaseResult.class, Rejected.class, Accepted.class,
            BatchResult.class, Order.class, ErrorBody.class);

    private final JsonMapper json;

    JsonWarmUp(JsonMapper json) {
        this.json = json;
    }

    @Override
    public void afterSingletonsInstantiated() {
        for (Class<?> type : TYPES) {
            // an ObjectReader fetches its root deserializer eagerly, an ObjectWriter its root serializer
            json.readerFor(type);
            json.writerFor(type);
        }
        json.readerFor(new TypeReference<List<OrderLine>>() { });
        json.writerFor(new TypeReference<List<OrderLine>>() { });
    }
}
