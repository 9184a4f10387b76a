package io.paradigmlab.eshop.spec;

import io.paradigmlab.eshop.lab.EshopVariant;

/** The e-shop's behaviour suite against the {@code virtual} variant, one instance of each service. */
class VirtualEshopIT extends EshopSpec {

    @Override
    EshopVariant variant() {
        return EshopVariant.VIRTUAL;
    }
}
