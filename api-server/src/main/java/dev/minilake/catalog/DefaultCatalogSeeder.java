package dev.minilake.catalog;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.stereotype.Component;

/** A fresh (or restarted) workspace has catalog main with schema default before the first request. */
@Component
class DefaultCatalogSeeder implements SmartInitializingSingleton {
    private final CatalogsService catalogs;

    DefaultCatalogSeeder(CatalogsService catalogs) {
        this.catalogs = catalogs;
    }

    @Override
    public void afterSingletonsInstantiated() {
        catalogs.ensureDefault();
    }
}
