package io.paradigmlab.eshop.domain;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The domain is shared by every paradigm (platform, virtual, reactive) and every driver, so it depends on the JDK and
 * ZXing only: no Spring, Reactor, Jackson, JDBC or R2DBC can leak into a signature. {@code javax.imageio} is the one
 * non-{@code java.*} JDK package allowed: reading a PNG back (the barcode's decode helper) has no other JDK API.
 */
@AnalyzeClasses(packages = "io.paradigmlab.eshop.domain", importOptions = ImportOption.DoNotIncludeTests.class)
class DomainIsPureTest {

    @ArchTest
    static final ArchRule only_the_jdk_and_zxing = classes()
            .should().onlyDependOnClassesThat().resideInAnyPackage(
                    "java..", "javax.imageio..", "com.google.zxing..", "io.paradigmlab.common.contract..", "io.paradigmlab.eshop.domain..")
            .because("domain is pure Java plus the barcode library: share logic, not signatures");
}
