package io.paradigmlab.itstore.spec;

import io.paradigmlab.itstore.lab.ItStoreVariant;

/** The IT store's behaviour suite against the {@code r2dbc-mvc} variant. */
class R2dbcMvcIT extends ItStoreSpec {

    @Override
    ItStoreVariant variant() {
        return ItStoreVariant.R2DBC_MVC;
    }
}
