// The SQL workspace's shell: navigation between the pages and the token dialog for strict auth.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { onTokenNeeded, setToken } from './api';
import { SqlPage } from './pages/SqlPage';
import { CatalogPage } from './pages/CatalogPage';
import { FilesPage } from './pages/FilesPage';
import { JobsPage } from './pages/JobsPage';
import './style.css';

type Page = 'sql' | 'catalog' | 'files' | 'jobs';
const PAGES: [Page, string][] = [['sql', 'SQL editor'], ['catalog', 'Catalog'], ['files', 'Files'], ['jobs', 'Jobs']];

function pageFromHash(): Page {
  const h = location.hash.replace('#/', '') as Page;
  return PAGES.some(([p]) => p === h) ? h : 'sql';
}

function App() {
  const [page, setPage] = useState<Page>(pageFromHash);
  const [needToken, setNeedToken] = useState(false);
  const [pendingSql, setPendingSql] = useState<string | null>(null);
  const [epoch, setEpoch] = useState(0); // remounts the pages after a token is entered

  useEffect(() => {
    onTokenNeeded(() => setNeedToken(true));
    const onHash = () => setPage(pageFromHash());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);

  const go = (p: Page) => { location.hash = `#/${p}`; setPage(p); };
  const openSql = (sql: string) => { setPendingSql(sql); go('sql'); };

  return (
    <div class="app" key={epoch}>
      <header>
        <span class="logo">MiniLake</span>
        <nav>{PAGES.map(([p, label]) =>
          <a class={page === p ? 'on' : ''} data-testid={`nav-${p}`} onClick={() => go(p)}>{label}</a>)}</nav>
        <span class="spacer" />
        <a href="/jupyter/" target="_blank" rel="noopener">JupyterLab ↗</a>
      </header>
      <main>
        {/* the SQL page stays mounted, so its editor and result survive a visit to another page */}
        <div class="page" style={{ display: page === 'sql' ? 'flex' : 'none' }}>
          <SqlPage pending={pendingSql} onPendingTaken={() => setPendingSql(null)} />
        </div>
        {page === 'catalog' && <div class="page"><CatalogPage openSql={openSql} /></div>}
        {page === 'files' && <div class="page"><FilesPage /></div>}
        {page === 'jobs' && <div class="page"><JobsPage /></div>}
      </main>
      {needToken && <TokenDialog onDone={() => { setNeedToken(false); setEpoch(e => e + 1); }} />}
    </div>
  );
}

function TokenDialog({ onDone }: { onDone: () => void }) {
  const [value, setValue] = useState('');
  return (
    <div class="modal-back">
      <form class="modal" data-testid="token-dialog" onSubmit={e => { e.preventDefault(); if (value.trim()) { setToken(value.trim()); onDone(); } }}>
        <h2>Access token</h2>
        <p>This MiniLake runs with <code>MINILAKE_AUTH=strict</code>. Enter <code>MINILAKE_TOKEN</code> or a token made with the Tokens API.
          It is kept in this tab's session storage only.</p>
        <input type="password" autoFocus data-testid="token-input" value={value} onInput={e => setValue((e.target as HTMLInputElement).value)} />
        <button class="primary" type="submit">Continue</button>
      </form>
    </div>
  );
}

render(<App />, document.getElementById('app')!);
