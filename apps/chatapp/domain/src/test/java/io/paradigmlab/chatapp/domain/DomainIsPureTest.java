package io.paradigmlab.chatapp.domain;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The domain is shared by all three paradigms, so it may use the JDK and nothing else (no Vert.x, RxJava, JDBC). */
@AnalyzeClasses(packages = "io.paradigmlab.chatapp.domain", importOptions = ImportOption.DoNotIncludeTests.class)
class DomainIsPureTest {

    @ArchTest
    static final ArchRule only_the_jdk = noClasses()
            .should().dependOnClassesThat().resideOutsideOfPackages("java..", "io.paradigmlab.chatapp.domain..")
            .because("the domain is the paradigm-free core: share logic, not machinery");

    @ArchTest
    static final ArchRule no_jdbc = noClasses()
            .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "java.net..", "java.nio.channels..")
            .because("the domain does no I/O: each variant does its own");
}
