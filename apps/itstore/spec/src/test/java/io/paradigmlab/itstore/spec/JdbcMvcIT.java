package io.paradigmlab.itstore.spec;

import io.paradigmlab.itstore.lab.ItStoreVariant;

/** The IT store's behaviour suite against the {@code jdbc-mvc} variant. */
class JdbcMvcIT extends ItStoreSpec {

    @Override
    ItStoreVariant variant() {
        return ItStoreVariant.JDBC_MVC;
    }
}
