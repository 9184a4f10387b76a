package io.paradigmlab.itstore.spec;

import io.paradigmlab.itstore.lab.ItStoreVariant;

/** The IT store's behaviour suite against the {@code jdbc-webflux} variant. */
class JdbcWebfluxIT extends ItStoreSpec {

    @Override
    ItStoreVariant variant() {
        return ItStoreVariant.JDBC_WEBFLUX;
    }
}
