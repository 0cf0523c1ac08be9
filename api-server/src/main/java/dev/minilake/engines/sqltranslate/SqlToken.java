package dev.minilake.engines.sqltranslate;

/** One lexical token of SQL text; whitespace and comments are tokens too, so joining texts gives the input back. */
public record SqlToken(Kind kind, String text) {
    public enum Kind { WORD, QUOTED, BACKTICK, STRING, NUMBER, PARAM, SYMBOL, SPACE, COMMENT }

    /** A Spark numeric literal with a type suffix: 2Y, 2S, 2L, 1D, 1F, 1.5BD, 5E3BD (the tokenizer reads digits and letters as one number). */
    private static final java.util.regex.Pattern TYPED_NUMBER =
            java.util.regex.Pattern.compile("(\\d+(\\.\\d*)?|\\.\\d+)([eE]\\d+)?(Y|S|L|D|F|BD)", java.util.regex.Pattern.CASE_INSENSITIVE);

    public boolean isTypedNumber() {
        return kind == Kind.NUMBER && TYPED_NUMBER.matcher(text).matches();
    }

    public boolean isWord(String w) {
        return kind == Kind.WORD && text.equalsIgnoreCase(w);
    }

    public boolean isSymbol(String s) {
        return kind == Kind.SYMBOL && text.equals(s);
    }

    public boolean isTrivia() {
        return kind == Kind.SPACE || kind == Kind.COMMENT;
    }

    /** The identifier this token names: unquoted words as written, quoted ones without their quotes. */
    public String identifier() {
        return switch (kind) {
            case QUOTED -> text.substring(1, text.length() - 1).replace("\"\"", "\"");
            case BACKTICK -> text.substring(1, text.length() - 1).replace("``", "`");
            default -> text;
        };
    }
}
