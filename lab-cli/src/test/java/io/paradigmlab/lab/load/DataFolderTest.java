package io.paradigmlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hyperfoil.api.config.BenchmarkDefinitionException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataFolderTest {

    @TempDir
    Path dir;

    @Test
    void reportsAFileWhoseRowsInOrderRanOutAndNotOneThatDidNot() throws Exception {
        Files.writeString(dir.resolve("pairs.csv"), "a,b\n1,2\n3,4\n5,6\n");
        Files.writeString(dir.resolve("users.csv"), "id\nx\ny\n");
        DataFolder folder = new DataFolder(dir);
        CsvTable pairs = folder.table("pairs.csv");
        assertThat(folder.table("pairs.csv")).as("one table, one cursor, per run").isSameAs(pairs);
        CsvTable users = folder.table("users.csv");
        for (int i = 0; i < 3; i++) {
            pairs.next();
        }
        users.next();
        assertThat(folder.reusedRows()).as("every row once is not a reuse").isEmpty();
        pairs.next();
        pairs.next();
        assertThat(folder.reusedRows()).singleElement().asString()
                .startsWith("pairs.csv: 5 rows drawn in order")
                .contains("from its 3 rows, so 2 were used a second time");
    }

    @Test
    void aMissingFileIsNamed() {
        assertThatThrownBy(() -> new DataFolder(dir).table("nope.csv"))
                .isInstanceOf(BenchmarkDefinitionException.class).hasMessageContaining("nope.csv is missing");
    }
}
