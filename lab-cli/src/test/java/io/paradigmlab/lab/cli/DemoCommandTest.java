package io.paradigmlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Option;

class DemoCommandTest {

    @Test
    void theDemoIsARunCommandWithEveryDefaultOfTheOptionsItDoesNotName() throws IllegalAccessException {
        RunCommand run = DemoCommand.command();
        for (Field field : RunCommand.class.getDeclaredFields()) {
            Option option = field.getAnnotation(Option.class);
            if (option == null || option.defaultValue().equals(Option.NULL_VALUE)
                    || option.defaultValue().equals("__no_default_value__")) {
                continue;
            }
            field.setAccessible(true);
            // ./lab demo once failed with a NullPointerException: it set the fields by hand and missed a new option
            assertThat(field.get(run)).as("%s (%s)", option.names()[0], field.getName()).isNotNull();
        }
    }

    @Test
    void theDemoRunsTwoLevelsWithoutAStartUpProbe() {
        RunCommand run = DemoCommand.command();
        assertThat(run.app).isEqualTo("tweebyte");
        assertThat(run.levels).isEqualTo("1,16");
        assertThat(run.reps).isEqualTo(3);
        assertThat(run.startupProbe).isEqualTo("off");
        assertThat(run.dbCeiling).isEqualTo("on");
    }
}
