// SQL completion for Monaco: `catalog.` -> schemas, `catalog.schema.` -> tables,
// `catalog.schema.table.` -> columns, from live Unity Catalog metadata; plus the keywords and
// functions the SQL engine itself lists (DuckDB's duckdb_keywords() / duckdb_functions()).
import type * as Monaco from 'monaco-editor/esm/vs/editor/editor.api';
import * as uc from './catalog';
import { queryRows } from './sql';

const FALLBACK_KEYWORDS = ('SELECT FROM WHERE GROUP BY ORDER HAVING LIMIT OFFSET JOIN LEFT RIGHT FULL INNER OUTER CROSS ON USING '
  + 'AS AND OR NOT IN IS NULL LIKE ILIKE BETWEEN CASE WHEN THEN ELSE END DISTINCT UNION ALL EXCEPT INTERSECT WITH '
  + 'INSERT INTO VALUES UPDATE SET DELETE MERGE CREATE TABLE VIEW SCHEMA CATALOG DROP ALTER DESCRIBE SHOW USE '
  + 'ASC DESC TRUE FALSE CAST OVER PARTITION WINDOW QUALIFY').split(' ');

let engineWords: Promise<{ keywords: string[]; functions: string[] }> | null = null;

/** Keywords and functions from the engine's own catalog tables, once per page; the fallback if that fails. */
function words() {
  engineWords ??= Promise.all([
    queryRows("SELECT DISTINCT upper(keyword_name) FROM duckdb_keywords() WHERE keyword_category = 'reserved' OR keyword_category = 'unreserved'"),
    queryRows("SELECT DISTINCT function_name FROM duckdb_functions() WHERE function_type IN ('scalar', 'aggregate', 'macro')"),
  ]).then(([k, f]) => ({
    keywords: Array.from(new Set([...FALLBACK_KEYWORDS, ...k.map(r => r[0]!).filter(Boolean)])),
    functions: f.map(r => r[0]!).filter(w => /^[a-z][a-z0-9_]*$/.test(w) && !w.startsWith('_')),
  })).catch(() => ({ keywords: FALLBACK_KEYWORDS, functions: [] }));
  return engineWords;
}

const unquote = (s: string) => s.replace(/^`|`$/g, '').replace(/``/g, '`');

/** The dotted name being typed before the cursor: its complete parts and the partial last part. */
export function dottedPrefix(line: string): { parts: string[]; partial: string } | null {
  const m = /((?:(?:`[^`]*`|[A-Za-z_][\w$]*)\.)+)([A-Za-z_][\w$]*)?$/.exec(line);
  if (!m) return null;
  const parts = (m[1].match(/`[^`]*`|[A-Za-z_][\w$]*/g) ?? []).map(unquote);
  return { parts, partial: m[2] ?? '' };
}

export function register(monaco: typeof Monaco, defaults: () => { catalog: string; schema: string }) {
  monaco.languages.registerCompletionItemProvider('sql', {
    triggerCharacters: ['.'],
    async provideCompletionItems(model, position) {
      const line = model.getValueInRange({ startLineNumber: position.lineNumber, startColumn: 1, endLineNumber: position.lineNumber, endColumn: position.column });
      const word = model.getWordUntilPosition(position);
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
      const K = monaco.languages.CompletionItemKind;
      const item = (label: string, kind: Monaco.languages.CompletionItemKind, detail: string, sort = '1') =>
        ({ label, kind, detail, insertText: /^[A-Za-z_][\w]*$/.test(label) ? label : '`' + label.replace(/`/g, '``') + '`', range, sortText: sort + label });
      const dotted = dottedPrefix(line);
      try {
        if (dotted) return { suggestions: await dottedItems(dotted.parts, item, K, defaults()) };
        const { catalog, schema } = defaults();
        const [w, cats, tbls] = await Promise.all([
          words(), uc.catalogs().catch(() => []),
          catalog && schema ? uc.tables(catalog, schema).catch(() => []) : Promise.resolve([]),
        ]);
        return {
          suggestions: [
            ...tbls.map(t => item(t.name, K.Struct, `table in ${catalog}.${schema}`, '0')),
            ...cats.map(c => item(c.name, K.Module, 'catalog', '1')),
            ...w.keywords.map(k => ({ ...item(k, K.Keyword, 'keyword', '2'), insertText: k })),
            ...w.functions.map(f => ({ ...item(f, K.Function, 'function', '3'), insertText: f })),
          ],
        };
      } catch {
        return { suggestions: [] };
      }
    },
  });
}

async function dottedItems(parts: string[], item: (l: string, k: any, d: string, s?: string) => any, K: typeof Monaco.languages.CompletionItemKind,
                           defaults: { catalog: string; schema: string }) {
  if (parts.length === 1) {
    const [a] = parts;
    const cats = (await uc.catalogs()).map(c => c.name);
    if (cats.includes(a)) return (await uc.schemas(a)).map(s => item(s.name, K.Module, `schema in ${a}`));
    // schema.table relative to the selected catalog
    if (defaults.catalog) {
      const tbls = await uc.tables(defaults.catalog, a).catch(() => []);
      if (tbls.length) return tbls.map(t => item(t.name, K.Struct, `${t.table_type ?? 'table'} in ${defaults.catalog}.${a}`));
    }
    return columnsOf([defaults.catalog, defaults.schema, a], item, K);
  }
  if (parts.length === 2) {
    const [a, b] = parts;
    const tbls = await uc.tables(a, b).catch(() => []);
    if (tbls.length) return tbls.map(t => item(t.name, K.Struct, `${t.table_type ?? 'table'} in ${a}.${b}`));
    return columnsOf([defaults.catalog, a, b], item, K);
  }
  return columnsOf(parts.slice(-3), item, K);
}

async function columnsOf(name: string[], item: (l: string, k: any, d: string, s?: string) => any, K: typeof Monaco.languages.CompletionItemKind) {
  if (name.some(p => !p)) return [];
  const t = await uc.table(name.join('.')).catch(() => null);
  return (t?.columns ?? []).map(c => item(c.name, K.Field, c.type_text));
}
