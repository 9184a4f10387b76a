package io.paradigmlab.lab;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.paradigmlab.lab.reaper.BackReferenceFixture;
import org.junit.jupiter.api.Test;

/**
 * The lab's packages stand in layers: no package depends, directly or through others, on a package that depends on
 * it. A cycle (two packages that use each other is the shortest) means neither can be read, tested or moved out alone,
 * as the applications' interface was (it is now its own module, lab-api; LabLayersTest in lab-dist guards that border).
 */
class PackageCyclesTest {

    static final ArchRule NO_PACKAGE_CYCLES = slices().matching("io.paradigmlab.lab.(*)..").should().beFreeOfCycles();

    @Test
    void the_lab_packages_are_free_of_cycles() {
        NO_PACKAGE_CYCLES.check(new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.paradigmlab.lab"));
    }

    @Test
    void one_dependency_back_up_fails_the_rule() {
        String fixture = BackReferenceFixture.class.getName().replace('.', '/');
        JavaClasses withBackReference = new ClassFileImporter()
                .withImportOption(location -> ImportOption.Predefined.DO_NOT_INCLUDE_TESTS.includes(location)
                        || location.contains(fixture))
                .importPackages("io.paradigmlab.lab");

        assertThat(NO_PACKAGE_CYCLES.evaluate(withBackReference).getFailureReport().getDetails())
                .anySatisfy(cycle -> assertThat(cycle).contains("reaper", "cli"));
    }
}
