package io.paradigmlab.itstore.spec;

import io.paradigmlab.itstore.lab.ItStoreVariant;

/** The IT store's behaviour suite against the {@code jdbc-virtual} variant. */
class JdbcVirtualIT extends ItStoreSpec {

    @Override
    ItStoreVariant variant() {
        return ItStoreVariant.JDBC_VIRTUAL;
    }
}
