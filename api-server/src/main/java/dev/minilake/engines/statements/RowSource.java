package dev.minilake.engines.statements;

import java.util.Iterator;
import java.util.List;

/** Rows of a result, each value already as the string Databricks sends (or null), read one at a time. */
interface RowSource {
    List<ResultColumn> columns();

    /** The next row, or null at the end. */
    String[] next() throws Exception;

    static RowSource of(List<ResultColumn> columns, List<String[]> rows) {
        Iterator<String[]> it = rows.iterator();
        return new RowSource() {
            @Override
            public List<ResultColumn> columns() {
                return columns;
            }

            @Override
            public String[] next() {
                return it.hasNext() ? it.next() : null;
            }
        };
    }
}
