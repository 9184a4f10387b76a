package io.paradigmlab.itstore.domain;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The domain is shared by every paradigm and both drivers, so it may not depend on any of their machinery. */
@AnalyzeClasses(packages = "io.paradigmlab.itstore.domain", importOptions = ImportOption.DoNotIncludeTests.class)
class DomainIsPureTest {

    @ArchTest
    static final ArchRule no_framework_or_database_imports = noClasses()
            .should().dependOnClassesThat().resideInAnyPackage(
                    "org.springframework..", "reactor..", "org.reactivestreams..", "tools.jackson..",
                    "com.fasterxml.jackson..", "java.sql..", "javax.sql..", "io.r2dbc..", "jakarta.persistence..",
                    "org.hibernate..", "io.paradigmlab.tweebyte..")
            .because("domain is pure Java: share logic, not signatures");
}
