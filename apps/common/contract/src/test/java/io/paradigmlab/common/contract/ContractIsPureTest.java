package io.paradigmlab.common.contract;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Every application's pure domain uses this module, so it may use nothing but the JDK either. */
@AnalyzeClasses(packages = "io.paradigmlab.common.contract", importOptions = ImportOption.DoNotIncludeTests.class)
class ContractIsPureTest {

    @ArchTest
    static final ArchRule only_the_jdk = classes()
            .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.paradigmlab.common.contract..")
            .because("the applications' domains are pure Java and depend on it");
}
