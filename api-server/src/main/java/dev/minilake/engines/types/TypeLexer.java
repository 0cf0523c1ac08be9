package dev.minilake.engines.types;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a type string into words, numbers, quoted names and one-character symbols. Shared by the
 * Spark and DuckDB parsers: both grammars are tiny, only their keywords and brackets differ.
 */
final class TypeLexer {
    enum Kind { WORD, QUOTED, STRING_LITERAL, SYMBOL, END }

    record Token(Kind kind, String text, int pos) {
        boolean is(String symbolOrWord) {
            return (kind == Kind.SYMBOL || kind == Kind.WORD) && text.equalsIgnoreCase(symbolOrWord);
        }
    }

    private final String src;
    private final List<Token> tokens = new ArrayList<>();
    private int index;

    TypeLexer(String src) {
        this.src = src;
        tokenize();
    }

    Token peek() {
        return tokens.get(index);
    }

    Token peek(int ahead) {
        return tokens.get(Math.min(index + ahead, tokens.size() - 1));
    }

    Token next() {
        Token t = tokens.get(index);
        if (t.kind() != Kind.END) index++;
        return t;
    }

    boolean accept(String symbolOrWord) {
        if (peek().is(symbolOrWord)) {
            next();
            return true;
        }
        return false;
    }

    void expect(String symbol) {
        if (!accept(symbol)) throw error("expected '" + symbol + "'");
    }

    int expectInt() {
        Token t = next();
        if (t.kind() != Kind.WORD || !t.text().chars().allMatch(Character::isDigit)) {
            index--;
            throw error("expected a number");
        }
        return Integer.parseInt(t.text());
    }

    /** A plain word or a quoted name. */
    String expectName() {
        Token t = next();
        if (t.kind() == Kind.WORD || t.kind() == Kind.QUOTED) return t.text();
        index--;
        throw error("expected a field name");
    }

    void expectEnd() {
        if (peek().kind() != Kind.END) throw error("unexpected '" + peek().text() + "'");
    }

    TypeParseException error(String what) {
        Token t = peek();
        String at = t.kind() == Kind.END ? "at the end" : "at position " + t.pos();
        return new TypeParseException("Invalid type '" + src + "': " + what + " " + at);
    }

    private void tokenize() {
        int i = 0;
        while (i < src.length()) {
            char c = src.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isLetterOrDigit(c) || c == '_') {
                int start = i;
                while (i < src.length() && (Character.isLetterOrDigit(src.charAt(i)) || src.charAt(i) == '_')) i++;
                tokens.add(new Token(Kind.WORD, src.substring(start, i), start));
            } else if (c == '"' || c == '`' || c == '\'') {
                int start = i;
                StringBuilder b = new StringBuilder();
                i++;
                while (true) {
                    if (i >= src.length()) throw new TypeParseException("Invalid type '" + src + "': unterminated " + c + " at position " + start);
                    char d = src.charAt(i);
                    if (d == c) {
                        if (i + 1 < src.length() && src.charAt(i + 1) == c) { // doubled quote escapes itself
                            b.append(c);
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    b.append(d);
                    i++;
                }
                tokens.add(new Token(c == '\'' ? Kind.STRING_LITERAL : Kind.QUOTED, b.toString(), start));
            } else {
                tokens.add(new Token(Kind.SYMBOL, String.valueOf(c), i));
                i++;
            }
        }
        tokens.add(new Token(Kind.END, "", src.length()));
    }
}
