package io.paradigmlab.tweebyte.web.flux;

import java.util.Arrays;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.core.ResolvableType;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds Jackson's deserializer of every {@code @RequestBody} type at start-up. Jackson builds one on first
 * use while holding a lock, so the first requests of a type arriving together would park event-loop
 * threads on it (under BlockHound, those requests fail). Built here, every request finds it cached.
 */
final class RequestBodyDeserializers implements SmartInitializingSingleton {

    private final ObjectProvider<RequestMappingHandlerMapping> handlers;
    private final ObjectProvider<JsonMapper> jsonMapper;

    RequestBodyDeserializers(ObjectProvider<RequestMappingHandlerMapping> handlers,
                             ObjectProvider<JsonMapper> jsonMapper) {
        this.handlers = handlers;
        this.jsonMapper = jsonMapper;
    }

    @Override
    public void afterSingletonsInstantiated() {
        JsonMapper json = jsonMapper.getIfUnique();
        if (json == null) {
            return;
        }
        handlers.orderedStream()
                .flatMap(mapping -> mapping.getHandlerMethods().values().stream())
                .flatMap(method -> Arrays.stream(method.getMethodParameters()))
                .filter(parameter -> parameter.hasParameterAnnotation(RequestBody.class))
                .map(ResolvableType::forMethodParameter)
                .map(type -> ReactiveAdapterRegistry.getSharedInstance().getAdapter(type.resolve()) != null
                        ? type.getGeneric(0) : type)
                // an ObjectReader fetches its root deserializer eagerly
                .forEach(type -> json.readerFor(json.constructType(type.getType())));
    }
}
