package io.paradigmlab.eshop.spec;

import io.paradigmlab.eshop.lab.EshopVariant;

/** The e-shop's behaviour suite against the {@code reactive} variant, one instance of each service. */
class ReactiveEshopIT extends EshopSpec {

    @Override
    EshopVariant variant() {
        return EshopVariant.REACTIVE;
    }
}
