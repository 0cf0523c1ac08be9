// The SQL editor page: query tabs, Monaco, namespace selector, auto-limit, run, results, charts,
// export, and the saved-queries / history side panel.
import { useEffect, useRef, useState } from 'preact/hooks';
import { monaco } from '../monaco';
import * as completion from '../completion';
import * as uc from '../catalog';
import { ApiError, get, patch, post, qs } from '../api';
import { execute, isBareSelect, Result, StatementError, history } from '../sql';
import { loadActive, loadTabs, newTab, saveTabs, Tab } from '../tabs';
import { Grid } from '../Grid';
import { Chart } from '../Chart';
import { download, toCsv, toJson } from '../exporting';

const NS_KEY = 'minilake.namespace';
const LIMIT_KEY = 'minilake.autoLimit';
let completionRegistered = false;

type Outcome = { kind: 'idle' } | { kind: 'running'; sql: string } | { kind: 'ok'; result: Result; sql: string }
  | { kind: 'error'; code: string; message: string };

export function SqlPage({ pending, onPendingTaken }: { pending: string | null; onPendingTaken: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor>();
  const models = useRef(new Map<string, monaco.editor.ITextModel>());
  const [tabs, setTabs] = useState<Tab[]>(loadTabs);
  const [active, setActive] = useState(() => loadActive(tabs));
  const [ns, setNs] = useState<{ catalog: string; schema: string }>(() => JSON.parse(localStorage.getItem(NS_KEY) ?? '{"catalog":"main","schema":"default"}'));
  const [catalogs, setCatalogs] = useState<string[]>([]);
  const [schemas, setSchemas] = useState<string[]>([]);
  const [limit, setLimit] = useState<{ on: boolean; rows: number }>(() => JSON.parse(localStorage.getItem(LIMIT_KEY) ?? '{"on":true,"rows":1000}'));
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [view, setView] = useState<'table' | 'chart'>('table');
  const [side, setSide] = useState<'saved' | 'history'>('saved');
  const [sideRefresh, setSideRefresh] = useState(0);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const run = useRef<() => void>(() => undefined);
  const nsRef = useRef(ns); nsRef.current = ns;

  // one Monaco editor for the page; one model per tab
  useEffect(() => {
    if (!completionRegistered) { completion.register(monaco, () => nsRef.current); completionRegistered = true; }
    const ed = monaco.editor.create(host.current!, {
      language: 'sql', automaticLayout: true, minimap: { enabled: false }, fontSize: 14,
      scrollBeyondLastLine: false, quickSuggestions: { other: true, strings: false, comments: false }, tabSize: 2,
      suggestOnTriggerCharacters: true, wordBasedSuggestions: 'off', fixedOverflowWidgets: true,
    });
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => run.current());
    editor.current = ed;
    (window as any).__minilakeEditor = ed; // the browser test reads the editor's state through this
    document.body.dataset.editorReady = 'yes';
    return () => { ed.dispose(); models.current.forEach(m => m.dispose()); models.current.clear(); };
  }, []);

  useEffect(() => {
    const ed = editor.current;
    const tab = tabs.find(t => t.id === active);
    if (!ed || !tab) return;
    let model = models.current.get(tab.id);
    if (!model) {
      model = monaco.editor.createModel(tab.sql, 'sql');
      model.onDidChangeContent(() => setTabs(ts => ts.map(t => t.id === tab.id ? { ...t, sql: model!.getValue() } : t)));
      models.current.set(tab.id, model);
    }
    if (ed.getModel() !== model) ed.setModel(model);
    ed.focus();
  }, [active]);

  useEffect(() => saveTabs(tabs, active), [tabs, active]);
  useEffect(() => localStorage.setItem(NS_KEY, JSON.stringify(ns)), [ns]);
  useEffect(() => localStorage.setItem(LIMIT_KEY, JSON.stringify(limit)), [limit]);
  useEffect(() => { uc.catalogs().then(cs => setCatalogs(cs.map(c => c.name))).catch(() => undefined); }, []);
  useEffect(() => {
    if (!ns.catalog) { setSchemas([]); return; }
    uc.schemas(ns.catalog).then(ss => setSchemas(ss.map(s => s.name))).catch(() => setSchemas([]));
  }, [ns.catalog]);

  // a query opened from elsewhere (the catalog's preview, history) lands in a new tab
  useEffect(() => {
    if (pending == null) return;
    openInNewTab(pending);
    onPendingTaken();
  }, [pending]);

  function openInNewTab(sql: string, name?: string, savedQueryId?: string) {
    const t = { ...newTab(tabs.length + 1, sql), ...(name ? { name } : {}), savedQueryId };
    setTabs(ts => [...ts, t]);
    setActive(t.id);
  }

  function closeTab(id: string) {
    const rest = tabs.filter(t => t.id !== id);
    models.current.get(id)?.dispose();
    models.current.delete(id);
    const next = rest.length ? rest : [newTab(1)];
    setTabs(next);
    if (id === active || !rest.length) setActive(next[Math.max(0, tabs.findIndex(t => t.id === id) - 1)]?.id ?? next[0].id);
  }

  run.current = async () => {
    const ed = editor.current;
    if (!ed || outcome.kind === 'running') return;
    const sel = ed.getSelection();
    const text = (sel && !sel.isEmpty() ? ed.getModel()!.getValueInRange(sel) : ed.getValue()).trim().replace(/;\s*$/, '');
    if (!text) return;
    setOutcome({ kind: 'running', sql: text });
    try {
      const rowLimit = limit.on && isBareSelect(text) ? limit.rows : undefined;
      const result = await execute(text, { ...ns, rowLimit });
      setOutcome({ kind: 'ok', result, sql: text });
      if (/^\s*(CREATE|DROP|ALTER)\b/i.test(text)) uc.invalidate();
    } catch (e) {
      const err = e as StatementError | ApiError;
      setOutcome({ kind: 'error', code: err instanceof StatementError || err instanceof ApiError ? err.code : 'ERROR', message: err.message });
    }
    setSideRefresh(n => n + 1);
  };

  async function save() {
    const tab = tabs.find(t => t.id === active)!;
    const name = prompt('Save query as', tab.name);
    if (!name) return;
    const query = { display_name: name, query_text: editor.current!.getValue(), catalog: ns.catalog || undefined, schema: ns.schema || undefined };
    try {
      let id = tab.savedQueryId;
      if (id) await patch(`/api/2.0/sql/queries/${id}`, { update_mask: 'display_name,query_text,catalog,schema', query });
      else id = (await post('/api/2.0/sql/queries', { query })).id;
      setTabs(ts => ts.map(t => t.id === tab.id ? { ...t, name, savedQueryId: id } : t));
      setNotice(`Saved “${name}”`);
      setSide('saved');
      setSideRefresh(n => n + 1);
    } catch (e) {
      setNotice(`Save failed: ${(e as Error).message}`);
    }
  }

  const result = outcome.kind === 'ok' ? outcome.result : null;
  return (
    <div class="sql-page">
      <aside class="side">
        <div class="side-tabs">
          <button class={side === 'saved' ? 'on' : ''} data-testid="side-saved" onClick={() => setSide('saved')}>Saved</button>
          <button class={side === 'history' ? 'on' : ''} data-testid="side-history" onClick={() => setSide('history')}>History</button>
        </div>
        {side === 'saved'
          ? <SavedList refresh={sideRefresh} onOpen={q => openInNewTab(q.query_text ?? '', q.display_name, q.id)} />
          : <HistoryList refresh={sideRefresh} onOpen={sql => openInNewTab(sql)} />}
      </aside>
      <section class="sql-main">
        <div class="tabs" data-testid="tabs">
          {tabs.map(t => (
            <div class={`tab${t.id === active ? ' on' : ''}`} onClick={() => setActive(t.id)} onDblClick={() => setRenaming(t.id)}>
              {renaming === t.id
                ? <input class="rename" value={t.name} autoFocus onClick={e => e.stopPropagation()}
                    onBlur={e => { const v = (e.target as HTMLInputElement).value.trim(); setTabs(ts => ts.map(x => x.id === t.id ? { ...x, name: v || x.name } : x)); setRenaming(null); }}
                    onKeyDown={e => { if (e.key === 'Enter') (e.target as HTMLInputElement).blur(); }} />
                : <span title="Double-click to rename">{t.name}</span>}
              <button class="x" title="Close" onClick={e => { e.stopPropagation(); closeTab(t.id); }}>×</button>
            </div>
          ))}
          <button class="tab add" title="New query" data-testid="new-tab" onClick={() => openInNewTab('')}>+</button>
        </div>
        <div class="toolbar">
          <button class="primary" data-testid="run" disabled={outcome.kind === 'running'} onClick={() => run.current()}
                  title="Ctrl/Cmd+Enter runs the selection, or the whole tab">{outcome.kind === 'running' ? 'Running…' : '▶ Run'}</button>
          <label>Catalog <select data-testid="catalog-select" value={ns.catalog}
            onChange={e => setNs({ catalog: (e.target as HTMLSelectElement).value, schema: '' })}>
            <option value="">(none)</option>
            {[...new Set([...catalogs, ns.catalog].filter(Boolean))].map(c => <option value={c}>{c}</option>)}
          </select></label>
          <label>Schema <select data-testid="schema-select" value={ns.schema}
            onChange={e => setNs({ ...ns, schema: (e.target as HTMLSelectElement).value })}>
            <option value="">(none)</option>
            {[...new Set([...schemas, ns.schema].filter(Boolean))].map(s => <option value={s}>{s}</option>)}
          </select></label>
          <label class="limit" title="Bare SELECTs are sent with this row_limit">
            <input type="checkbox" data-testid="auto-limit" checked={limit.on} onChange={e => setLimit({ ...limit, on: (e.target as HTMLInputElement).checked })} />
            Limit <input type="number" min={1} value={limit.rows} disabled={!limit.on}
              onChange={e => setLimit({ ...limit, rows: Math.max(1, Number((e.target as HTMLInputElement).value) || 1000) })} /> rows
          </label>
          <span class="spacer" />
          <button data-testid="save-query" onClick={save}>Save</button>
          {notice && <span class="muted" data-testid="notice">{notice}</span>}
        </div>
        <div class="editor" ref={host} data-testid="editor" />
        <div class="results" data-testid="results">
          <div class="results-bar">
            <button class={view === 'table' ? 'on' : ''} onClick={() => setView('table')}>Results</button>
            <button class={view === 'chart' ? 'on' : ''} data-testid="view-chart" onClick={() => setView('chart')}>Chart</button>
            <span class="spacer" />
            {result && <>
              <button data-testid="export-csv" onClick={() => download('result.csv', toCsv(result), 'text/csv')}>Export CSV</button>
              <button data-testid="export-json" onClick={() => download('result.json', toJson(result), 'application/json')}>Export JSON</button>
            </>}
          </div>
          {outcome.kind === 'idle' && <div class="empty">Run a query with Ctrl/Cmd+Enter.</div>}
          {outcome.kind === 'running' && <div class="empty">Running…</div>}
          {outcome.kind === 'error' && <div class="error" data-testid="error"><b>{outcome.code}</b><pre>{outcome.message}</pre></div>}
          {result && (view === 'table' ? <Grid result={result} /> : <Chart result={result} />)}
        </div>
      </section>
    </div>
  );
}

function SavedList({ refresh, onOpen }: { refresh: number; onOpen: (q: any) => void }) {
  const [items, setItems] = useState<any[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    get(`/api/2.0/sql/queries${qs({ page_size: 100 })}`).then(r => setItems(r.results ?? [])).catch(e => setError(e.message));
  }, [refresh]);
  if (error) return <div class="error small">{error}</div>;
  if (!items) return <div class="muted pad">Loading…</div>;
  if (!items.length) return <div class="muted pad">No saved queries yet. “Save” keeps the current tab.</div>;
  return <ul class="list" data-testid="saved-list">{items.map(q => (
    <li onClick={() => onOpen(q)} title={q.query_text}><b>{q.display_name}</b><div class="muted ellipsis">{q.query_text}</div></li>
  ))}</ul>;
}

function HistoryList({ refresh, onOpen }: { refresh: number; onOpen: (sql: string) => void }) {
  const [items, setItems] = useState<any[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => { history(100).then(r => setItems(r.res ?? [])).catch(e => setError(e.message)); }, [refresh]);
  if (error) return <div class="error small">{error}</div>;
  if (!items) return <div class="muted pad">Loading…</div>;
  if (!items.length) return <div class="muted pad">No statements yet.</div>;
  return <ul class="list" data-testid="history-list">{items.map(q => (
    <li onClick={() => onOpen(q.query_text)} title={q.error_message ?? q.query_text}>
      <span class={`state ${q.status}`}>{q.status}</span>
      <span class="muted"> {q.duration != null ? `${q.duration} ms` : ''} {q.query_start_time_ms ? new Date(q.query_start_time_ms).toLocaleTimeString() : ''}</span>
      <div class="ellipsis mono">{q.query_text}</div>
    </li>
  ))}</ul>;
}
