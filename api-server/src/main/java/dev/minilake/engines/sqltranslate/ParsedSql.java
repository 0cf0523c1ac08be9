package dev.minilake.engines.sqltranslate;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.statement.Statements;

import java.util.List;

/**
 * One statement's text, read once: its significant tokens, its lexical pass and its JSqlParser
 * AST, each made on first use and then shared by every step that looks at the statement (the
 * router, the Delta planner, the translator, history). Parsing is the dearest step of a short
 * statement, and before this each step parsed the text again.
 *
 * <p>Not thread-safe: it belongs to one running statement. The translator rewrites the AST in
 * place, so translating is the last use of {@link #statements()}.
 */
public final class ParsedSql {
    private final String text;
    private List<SqlToken> significant;
    private LexicalPass lexical;
    private Statements statements;
    private JSQLParserException parseError;
    private RuntimeException parseFailure;

    private ParsedSql(String text) {
        this.text = text == null ? "" : text;
    }

    public static ParsedSql of(String text) {
        return new ParsedSql(text);
    }

    public String text() {
        return text;
    }

    /** The tokens that are not whitespace or comments. */
    public List<SqlToken> significant() {
        if (significant == null) significant = SqlTokenizer.significant(text);
        return significant;
    }

    LexicalPass lexical() {
        if (lexical == null) lexical = LexicalPass.apply(text);
        return lexical;
    }

    /** The AST of the lexical pass's text; a parse failure is remembered and thrown again. */
    Statements statements() throws JSQLParserException {
        if (statements == null && parseError == null && parseFailure == null) {
            try {
                statements = SqlParser.parse(lexical().text);
            } catch (JSQLParserException e) {
                parseError = e;
            } catch (RuntimeException e) {
                parseFailure = e;
            }
        }
        if (parseError != null) throw parseError;
        if (parseFailure != null) throw parseFailure;
        return statements;
    }
}
