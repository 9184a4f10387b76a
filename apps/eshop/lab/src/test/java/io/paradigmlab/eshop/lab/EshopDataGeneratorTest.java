package io.paradigmlab.eshop.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.testkit.DataGeneratorContract;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The e-shop's generator under the lab's data-generator contract, at the {@code ci} scale. */
class EshopDataGeneratorTest extends DataGeneratorContract {

    @Override
    protected Application application() {
        return new EshopApplication();
    }

    /** The products and their stock: the first 2,000 of the study and its 1,000 reserved codes. */
    @Override
    protected Map<String, Size> sizes(DataGenerator.Scale smallest) {
        Size products = Size.exactly(EshopDataGenerator.CI_PRODUCTS + SeedData.RESERVED);
        return Map.of("product.product", products, "inventory.inventory", products);
    }

    /** The study's data is one fixed set (EshopDataGenerator): the seed changes nothing. */
    @Override
    protected boolean seedChangesTheData() {
        return false;
    }

    @Test
    void theScenarioFilesListEveryProductAndTheImportFiles() throws IOException {
        assertThat(Files.readAllLines(dataDir().resolve(EshopDataGenerator.PRODUCTS_CSV)))
                .hasSize(1 + EshopDataGenerator.CI_PRODUCTS + SeedData.RESERVED);
        assertThat(Files.readAllLines(dataDir().resolve(EshopDataGenerator.IMPORTS_CSV)))
                .hasSize(1 + EshopDataGenerator.importFiles(smallest()));
        assertThat(dataDir().resolve(EshopDataGenerator.INVALID_ORDERS_JSON)).isNotEmptyFile();
    }
}
