// The data catalog: catalogs > schemas > tables (and volumes) > columns, with table details,
// a preview, the DDL, Delta history, and create/drop through the Unity Catalog API and SQL.
import { useEffect, useState } from 'preact/hooks';
import * as uc from '../catalog';
import { del, fullName, post } from '../api';
import { execute, Result } from '../sql';
import { Grid } from '../Grid';

type Node = { kind: 'catalog' | 'schema' | 'table' | 'volume'; path: string[] };

export function CatalogPage({ openSql }: { openSql: (sql: string) => void }) {
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<Node | null>(null);
  const [message, setMessage] = useState('');
  const refresh = () => { uc.invalidate(); setVersion(v => v + 1); };

  async function create(kind: 'catalog' | 'schema' | 'table', parent: string[]) {
    const name = prompt(`New ${kind} name${parent.length ? ` in ${parent.join('.')}` : ''}`);
    if (!name) return;
    try {
      if (kind === 'catalog') await post('/api/2.1/unity-catalog/catalogs', { name });
      if (kind === 'schema') await post('/api/2.1/unity-catalog/schemas', { name, catalog_name: parent[0] });
      if (kind === 'table') {
        const cols = prompt('Columns', 'id BIGINT, name STRING');
        if (!cols) return;
        await execute(`CREATE TABLE ${fullName(...parent, name)} (${cols})`);
      }
      setMessage(`Created ${[...parent, name].join('.')}`);
      refresh();
    } catch (e) { setMessage(`Create failed: ${(e as Error).message}`); }
  }

  async function drop(node: Node) {
    const name = node.path.join('.');
    if (!confirm(`Drop ${node.kind} ${name}?`)) return;
    try {
      const base = '/api/2.1/unity-catalog';
      const kinds = { catalog: 'catalogs', schema: 'schemas', table: 'tables', volume: 'volumes' };
      await del(`${base}/${kinds[node.kind]}/${encodeURIComponent(name)}${node.kind === 'catalog' || node.kind === 'schema' ? '?force=true' : ''}`);
      setMessage(`Dropped ${name}`);
      setSelected(null);
      refresh();
    } catch (e) { setMessage(`Drop failed: ${(e as Error).message}`); }
  }

  return (
    <div class="catalog-page">
      <aside class="tree" data-testid="catalog-tree">
        <div class="tree-bar"><b>Catalogs</b><span class="spacer" />
          <button class="small" onClick={() => create('catalog', [])}>+ catalog</button>
          <button class="small" onClick={refresh} title="Reload">⟳</button></div>
        <CatalogList key={version} onSelect={setSelected} selected={selected} onCreate={create} />
      </aside>
      <section class="detail">
        {message && <div class="notice" data-testid="catalog-message">{message}</div>}
        {!selected && <div class="empty">Pick a table in the tree.</div>}
        {selected?.kind === 'table' && <TableDetail key={selected.path.join('.')} path={selected.path} openSql={openSql} onDrop={() => drop(selected)} />}
        {selected && selected.kind !== 'table' && (
          <div class="pad">
            <h2>{selected.kind} {selected.path.join('.')}</h2>
            <button class="danger" onClick={() => drop(selected)}>Drop {selected.kind}</button>
          </div>
        )}
      </section>
    </div>
  );
}

function Expander({ label, icon, testid, children, onClick, active, actions }: {
  label: string; icon: string; testid?: string; children?: () => any; onClick?: () => void; active?: boolean; actions?: any;
}) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <div class={`node${active ? ' on' : ''}`} data-testid={testid} onClick={() => { if (children) setOpen(o => !o); onClick?.(); }}>
        <span class="twist">{children ? (open ? '▾' : '▸') : ' '}</span><span class="icon">{icon}</span>{label}
        {actions && <span class="node-actions" onClick={e => e.stopPropagation()}>{actions}</span>}
      </div>
      {open && children && <ul>{children()}</ul>}
    </li>
  );
}

function useLoad<T>(load: () => Promise<T>): T | null | Error {
  const [v, setV] = useState<T | null | Error>(null);
  useEffect(() => { load().then(setV, e => setV(e)); }, []);
  return v;
}

function Loaded<T>({ value, render }: { value: T | null | Error; render: (v: T) => any }) {
  if (value === null) return <li class="muted">loading…</li>;
  if (value instanceof Error) return <li class="error small">{value.message}</li>;
  return render(value);
}

type TreeProps = { onSelect: (n: Node) => void; selected: Node | null; onCreate: (k: 'catalog' | 'schema' | 'table', parent: string[]) => void };

function CatalogList(p: TreeProps) {
  const cats = useLoad(uc.catalogs);
  return <ul class="root"><Loaded value={cats} render={cs => cs.map(c => (
    <Expander label={c.name} icon="◆" testid={`node-${c.name}`} onClick={() => p.onSelect({ kind: 'catalog', path: [c.name] })}
              actions={<button class="small" title="New schema" onClick={() => p.onCreate('schema', [c.name])}>+</button>}
              children={() => <SchemaList {...p} catalog={c.name} />} />
  ))} /></ul>;
}

function SchemaList(p: TreeProps & { catalog: string }) {
  const schemas = useLoad(() => uc.schemas(p.catalog));
  return <Loaded value={schemas} render={ss => ss.map(s => (
    <Expander label={s.name} icon="▤" testid={`node-${p.catalog}.${s.name}`} onClick={() => p.onSelect({ kind: 'schema', path: [p.catalog, s.name] })}
              actions={<button class="small" title="New table" onClick={() => p.onCreate('table', [p.catalog, s.name])}>+</button>}
              children={() => <TableList {...p} schema={s.name} />} />
  ))} />;
}

function TableList(p: TreeProps & { catalog: string; schema: string }) {
  const items = useLoad(() => Promise.all([uc.tables(p.catalog, p.schema), uc.volumes(p.catalog, p.schema).catch(() => [])]));
  return <Loaded value={items} render={([ts, vs]) => <>
    {ts.map(t => (
      <Expander label={t.name} icon={t.table_type === "VIEW" ? "◇" : "▦"} testid={`node-${t.full_name}`}
                active={p.selected?.path.join('.') === t.full_name}
                onClick={() => p.onSelect({ kind: 'table', path: [p.catalog, p.schema, t.name] })}
                children={() => <ColumnList fullName={t.full_name} />} />
    ))}
    {vs.map(v => <Expander label={v.name} icon="▣" testid={`node-${v.full_name}`} onClick={() => p.onSelect({ kind: 'volume', path: [p.catalog, p.schema, v.name] })} />)}
    {!ts.length && !vs.length && <li class="muted">(empty)</li>}
  </>} />;
}

function ColumnList({ fullName: name }: { fullName: string }) {
  const t = useLoad(() => uc.table(name));
  return <Loaded value={t} render={t => (t.columns ?? []).map(c => (
    <li><div class="node leaf" data-testid={`col-${name}.${c.name}`}><span class="twist"> </span>
      <span class="icon">·</span>{c.name} <span class="ml-type">{c.type_text}</span></div></li>
  ))} />;
}

type Tab = 'details' | 'preview' | 'ddl' | 'history';

function TableDetail({ path, openSql, onDrop }: { path: string[]; openSql: (sql: string) => void; onDrop: () => void }) {
  const name = path.join('.');
  const quoted = fullName(...path);
  const [tab, setTab] = useState<Tab>('details');
  const info = useLoad(() => uc.table(name));
  return (
    <div class="table-detail" data-testid="table-detail">
      <div class="detail-head">
        <h2>{name}</h2>
        <span class="spacer" />
        <button onClick={() => openSql(`SELECT * FROM ${quoted} LIMIT 100`)}>Open in editor</button>
        <button class="danger" data-testid="drop-table" onClick={onDrop}>Drop</button>
      </div>
      <div class="results-bar">
        {(['details', 'preview', 'ddl', 'history'] as Tab[]).map(t =>
          <button class={tab === t ? 'on' : ''} data-testid={`table-${t}`} onClick={() => setTab(t)}>
            {{ details: 'Details', preview: 'Preview', ddl: 'DDL', history: 'Delta history' }[t]}</button>)}
      </div>
      {tab === 'details' && <Loaded value={info} render={t => (
        <div class="pad">
          <table class="kv">
            <tr><th>Type</th><td>{t.table_type}</td></tr>
            <tr><th>Format</th><td>{t.data_source_format ?? '—'}</td></tr>
            <tr><th>Location</th><td class="mono">{t.storage_location ?? '—'}</td></tr>
            {t.comment && <tr><th>Comment</th><td>{t.comment}</td></tr>}
          </table>
          <table class="cols"><thead><tr><th>Column</th><th>Type</th><th>Nullable</th><th>Comment</th></tr></thead>
            <tbody>{(t.columns ?? []).map(c => <tr><td>{c.name}</td><td class="mono">{c.type_text}</td><td>{c.nullable === false ? 'NO' : 'YES'}</td><td>{c.comment ?? ''}</td></tr>)}</tbody></table>
        </div>
      )} />}
      {tab === 'preview' && <SqlView sql={`SELECT * FROM ${quoted} LIMIT 100`} />}
      {tab === 'ddl' && <Ddl quoted={quoted} info={info} />}
      {tab === 'history' && <SqlView sql={`DESCRIBE HISTORY ${quoted}`} />}
    </div>
  );
}

function SqlView({ sql }: { sql: string }) {
  const [r, setR] = useState<Result | Error | null>(null);
  useEffect(() => { execute(sql).then(setR, e => setR(e)); }, [sql]);
  if (!r) return <div class="empty">Running <code>{sql}</code>…</div>;
  if (r instanceof Error) return <div class="error" data-testid="error"><pre>{r.message}</pre></div>;
  return <Grid result={r} />;
}

function Ddl({ quoted, info }: { quoted: string; info: uc.TableInfo | null | Error }) {
  const [ddl, setDdl] = useState<string | null>(null);
  useEffect(() => {
    execute(`SHOW CREATE TABLE ${quoted}`)
      .then(r => setDdl(r.rows[0]?.[0] ?? ''))
      .catch(() => setDdl(null)); // not every engine path has it: fall back to the columns below
  }, [quoted]);
  const built = info && !(info instanceof Error)
    ? `CREATE TABLE ${quoted} (\n${(info.columns ?? []).map(c => `  ${'`' + c.name + '`'} ${c.type_text}${c.nullable === false ? ' NOT NULL' : ''}`).join(',\n')}\n)`
      + (info.data_source_format ? `\nUSING ${info.data_source_format}` : '')
      + (info.table_type === 'EXTERNAL' && info.storage_location ? `\nLOCATION '${info.storage_location}'` : '')
    : '';
  return <pre class="ddl" data-testid="ddl">{ddl || built}</pre>;
}
