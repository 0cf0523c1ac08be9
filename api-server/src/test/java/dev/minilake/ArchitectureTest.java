package dev.minilake;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The layering DESIGN.md asks for, checked on the compiled classes: {@code core} (the HTTP
 * framework, errors, store, settings) depends on nothing of MiniLake's; {@code engines} (DuckDB,
 * Delta, Spark, SQL translation, types) depend only on {@code core}; an API group uses another
 * group only through its public surface: its services, its wire DTOs, and the few shared value
 * types named in {@link #SHARED}. Spring's build-time (AOT) classes, which wire everything, are
 * left out.
 */
class ArchitectureTest {
    /** Types of one group that other groups use as values or helpers, beside services and DTOs. */
    static final Set<String> SHARED = Set.of(
            "dev.minilake.catalog.Names",              // three-part UC names
            "dev.minilake.files.ConfinedPath",         // a path that cannot leave its root
            "dev.minilake.files.FileStreams",
            "dev.minilake.files.FileTrees",
            "dev.minilake.sql.queries.SqlObjects",
            "dev.minilake.jobs.RunRecords",
            "dev.minilake.iam.ScimKind");

    static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("__")) // Spring AOT output
                .importPackages("dev.minilake");
    }

    @Test
    void coreDependsOnNothingOfMiniLakes() {
        noClasses().that().resideInAPackage("dev.minilake.core..")
                .should().dependOnClassesThat(new DescribedPredicate<>("are outside core") {
                    @Override
                    public boolean test(JavaClass c) {
                        String g = group(c);
                        return g != null && !g.equals("core");
                    }
                })
                .check(classes);
    }

    @Test
    void enginesDependOnlyOnCore() {
        noClasses().that().resideInAPackage("dev.minilake.engines..")
                .should().dependOnClassesThat(new DescribedPredicate<>("are in an API group") {
                    @Override
                    public boolean test(JavaClass c) {
                        String g = group(c);
                        return g != null && !g.equals("core") && !g.equals("engines");
                    }
                })
                .check(classes);
    }

    @Test
    void aGroupUsesAnotherOnlyThroughItsServicesAndDtos() {
        classes().that().resideInAPackage("dev.minilake..")
                .and(new DescribedPredicate<>("are in an API group") {
                    @Override
                    public boolean test(JavaClass c) {
                        return isApiGroup(group(c));
                    }
                })
                .should(new ArchCondition<>("use other groups only through their services, DTOs and shared types") {
                    @Override
                    public void check(JavaClass origin, ConditionEvents events) {
                        String own = group(origin);
                        for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                            JavaClass target = d.getTargetClass().getBaseComponentType();
                            String other = group(target);
                            if (!isApiGroup(other) || other.equals(own) || isPublicSurface(target)) continue;
                            events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                        }
                    }
                })
                .check(classes);
    }

    /** A service, a DTO holder, or one of the named shared types (nested classes count as their outer class). */
    static boolean isPublicSurface(JavaClass c) {
        JavaClass top = c;
        while (top.getEnclosingClass().isPresent()) top = top.getEnclosingClass().get();
        String name = top.getSimpleName();
        return name.endsWith("Service") || name.endsWith("Dtos") || SHARED.contains(top.getName());
    }

    /** The first package segment under dev.minilake (core, engines, catalog, sql, ...); null outside MiniLake's own packages. */
    static String group(JavaClass c) {
        String p = c.getPackageName();
        if (!p.startsWith("dev.minilake.")) return null;
        String rest = p.substring("dev.minilake.".length());
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    /** Every top-level package but core, engines and the operator's CRD model (a library to the server). */
    static boolean isApiGroup(String group) {
        return group != null && !group.equals("core") && !group.equals("engines") && !group.equals("crd");
    }
}
