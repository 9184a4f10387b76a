package io.paradigmlab.lab.dist;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.paradigmlab.lab.api.leak.EngineInTheApi;
import io.paradigmlab.tweebyte.lab.leak.EngineInAnApplication;
import org.junit.jupiter.api.Test;

/**
 * The lab's two layers (docs/adr/0014-shared-web-modules-and-lab-layers.md): an application's lab module compiles
 * against the lab's API ({@code lab-api}, {@code io.paradigmlab.lab.api}) and the engine ({@code lab-cli}) implements
 * it. Here, where every module is on the class path, the applications' main code may reach no engine class, and the
 * API none either: a leak would tie an application to how the lab measures, and the API to the engine's libraries.
 */
class LabLayersTest {

    /** The engine: every package of the lab but its API. */
    static final ArchRule APPLICATIONS_USE_THE_API_ALONE = noClasses()
            .that().resideInAnyPackage("io.paradigmlab.tweebyte..", "io.paradigmlab.itstore..",
                    "io.paradigmlab.eshop..", "io.paradigmlab.chatapp..")
            .should().dependOnClassesThat(engine())
            .because("an application's main code sees the lab through io.paradigmlab.lab.api alone");

    static final ArchRule THE_API_STANDS_ALONE = noClasses()
            .that().resideInAPackage("io.paradigmlab.lab.api..")
            .should().dependOnClassesThat(engine())
            .because("lab-api is what the engine implements; it cannot depend on it");

    private static com.tngtech.archunit.base.DescribedPredicate<com.tngtech.archunit.core.domain.JavaClass> engine() {
        return com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage("io.paradigmlab.lab..")
                .and(com.tngtech.archunit.base.DescribedPredicate.not(
                        com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage(
                                "io.paradigmlab.lab.api..")))
                .as("a class of the lab's engine (io.paradigmlab.lab.. outside io.paradigmlab.lab.api..)");
    }

    private static JavaClasses mainCode() {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.paradigmlab");
    }

    /** The main code plus one test-source fixture class (which DO_NOT_INCLUDE_TESTS would leave out). */
    private static JavaClasses mainCodeWith(Class<?> fixture) {
        String path = fixture.getName().replace('.', '/');
        return new ClassFileImporter()
                .withImportOption(location -> ImportOption.Predefined.DO_NOT_INCLUDE_TESTS.includes(location)
                        || location.contains(path))
                .importPackages("io.paradigmlab");
    }

    @Test
    void the_applications_main_code_uses_the_lab_api_alone() {
        JavaClasses classes = mainCode();
        // the rule would pass vacuously if the applications' lab modules were not on the class path
        assertThat(classes.contain("io.paradigmlab.tweebyte.lab.TweebyteApplication")).isTrue();
        assertThat(classes.contain("io.paradigmlab.eshop.lab.EshopDeployment")).isTrue();
        APPLICATIONS_USE_THE_API_ALONE.check(classes);
    }

    @Test
    void the_lab_api_depends_on_no_engine_class() {
        JavaClasses classes = mainCode();
        assertThat(classes.contain("io.paradigmlab.lab.api.LaunchRequest")).isTrue();
        THE_API_STANDS_ALONE.check(classes);
    }

    @Test
    void an_application_class_using_an_engine_class_fails_the_rule() {
        assertThat(APPLICATIONS_USE_THE_API_ALONE.evaluate(mainCodeWith(EngineInAnApplication.class))
                .getFailureReport().getDetails())
                .anySatisfy(line -> assertThat(line).contains(EngineInAnApplication.class.getName(),
                        "io.paradigmlab.lab.launch.ServiceProcess"));
    }

    @Test
    void an_api_class_using_an_engine_class_fails_the_rule() {
        assertThat(THE_API_STANDS_ALONE.evaluate(mainCodeWith(EngineInTheApi.class)).getFailureReport().getDetails())
                .anySatisfy(line -> assertThat(line).contains(EngineInTheApi.class.getName(),
                        "io.paradigmlab.lab.infra.Infrastructure"));
    }
}
