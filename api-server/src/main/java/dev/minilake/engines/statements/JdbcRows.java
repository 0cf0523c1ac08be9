package dev.minilake.engines.statements;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A DuckDB result set as a {@link RowSource}, streamed row by row. */
final class JdbcRows implements RowSource {
    private final ResultSet rs;
    private final List<ResultColumn> columns = new ArrayList<>();
    private final List<String> duckTypes = new ArrayList<>();

    JdbcRows(ResultSet rs) throws SQLException {
        this.rs = rs;
        ResultSetMetaData md = rs.getMetaData();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            duckTypes.add(md.getColumnTypeName(i));
            columns.add(ResultColumn.ofDuckDb(md.getColumnName(i), md.getColumnTypeName(i)));
        }
    }

    /** DuckDB's own type names of the columns, as JDBC metadata reports them. */
    List<String> duckTypes() {
        return duckTypes;
    }

    @Override
    public List<ResultColumn> columns() {
        return columns;
    }

    @Override
    public String[] next() throws SQLException {
        if (!rs.next()) return null;
        String[] row = new String[columns.size()];
        for (int i = 0; i < row.length; i++) row[i] = ValueFormatter.format(rs.getObject(i + 1));
        return row;
    }
}
