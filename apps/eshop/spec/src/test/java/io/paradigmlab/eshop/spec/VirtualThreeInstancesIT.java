package io.paradigmlab.eshop.spec;

import io.paradigmlab.eshop.lab.EshopVariant;

/**
 * The e-shop's behaviour suite against the {@code virtual} variant with three instances of each service: the
 * same tests, each request to the next instance of its entry service, Product and Order reaching Inventory's three
 * instances round-robin ({@link EshopSpec#everyInventoryInstanceTakesItsTurn}).
 */
class VirtualThreeInstancesIT extends EshopSpec {

    @Override
    EshopVariant variant() {
        return EshopVariant.VIRTUAL;
    }

    @Override
    int instances() {
        return 3;
    }
}
