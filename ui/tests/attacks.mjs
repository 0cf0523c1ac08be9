// Cross-origin attacks in a real browser (issue 29): Debian's chromium, driven by playwright-core,
// opens a page served by a second HTTP server on another port (the attacker's origin) and runs,
// from that page, each request a hostile web page could send to a MiniLake on this machine. Then
// it checks through the REST API (as the test's own client) that none of them had an effect, and
// that the same requests from MiniLake's own origin (/ui) still work.
// Usage: node ui/tests/attacks.mjs --url http://localhost:8000 --markers DIR
// Prints one JSON line: {attacks, effects: [names of attacks that did something], same_origin}.
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc, []));
const BASE = (args.url ?? 'http://localhost:8000').replace(/\/$/, '');
const MARKERS = resolve(args.markers ?? mkdtempSync(join(tmpdir(), 'minilake-markers-')));
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
mkdirSync(MARKERS, { recursive: true });

async function rest(method, path, body) {
  const res = await fetch(BASE + path, {
    method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'Content-Type': 'application/json' },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

// ---------- the victim's workspace ----------
await rest('POST', '/api/2.1/unity-catalog/catalogs', { name: 'victim' });
const before = await rest('GET', '/api/2.2/jobs/runs/list');

// ---------- the attacker's page, on another port ----------
const attacker = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html' });
  res.end('<!doctype html><html><body><h1>a page on another origin</h1><iframe name="sink"></iframe></body></html>');
});
await new Promise(ok => attacker.listen(0, '127.0.0.1', ok));
const ATTACKER = `http://127.0.0.1:${attacker.address().port}`;

/** Runs in the page: each attack as a hostile page would send it; what the browser let it see. */
async function attack({ base, markers }) {
  const seen = {};
  const py = name => `open(${JSON.stringify(markers + '/' + name)}, 'w').write('pwned')\n`;
  const simple = (path, body) => fetch(base + path, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) });
  const tries = {
    async sql_simple_request() {
      await simple('/api/2.0/sql/statements', { warehouse_id: 'dev', statement: 'CREATE TABLE victim.default.pwned_sql AS SELECT 1 AS x' });
    },
    async sql_script_transform() {
      await simple('/api/2.0/sql/statements', { warehouse_id: 'dev',
        statement: `SELECT TRANSFORM(1) USING 'sh -c "id > ${markers}/transform"' AS (o STRING)` });
    },
    async sql_with_preflight() {
      await fetch(base + '/api/2.0/sql/statements', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ warehouse_id: 'dev', statement: 'CREATE TABLE victim.default.pwned_cors AS SELECT 1 AS x' }) });
    },
    async workspace_import_then_runs_submit() {
      await simple('/api/2.0/workspace/import', { path: '/Shared/pwned.py', format: 'SOURCE', language: 'PYTHON',
        content: btoa(py('job')), overwrite: true });
      await simple('/api/2.2/jobs/runs/submit', { run_name: 'pwned', tasks: [{ task_key: 't',
        spark_python_task: { python_file: '/Workspace/Shared/pwned.py' } }] });
    },
    async mcp_run_python_script() {
      const rpc = (id, method, params) => simple('/mcp', { jsonrpc: '2.0', id, method, params });
      await rpc(1, 'initialize', { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'evil', version: '1' } });
      await rpc(2, 'tools/call', { name: 'run_python_script', arguments: { code: py('mcp') } });
      await rpc(3, 'tools/call', { name: 'run_sql', arguments: { statement: 'CREATE TABLE victim.default.pwned_mcp AS SELECT 1 AS x' } });
    },
    async mcp_with_preflight() {
      await fetch(base + '/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }) });
    },
    async jupyter_kernel_rest() {
      await fetch(base + '/jupyter/api/kernels', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    },
    async jupyter_websocket() {
      // a WebSocket is not subject to CORS: only the server's Origin check stands in its way
      seen.jupyter_websocket = await new Promise(done => {
        const ws = new WebSocket(base.replace(/^http/, 'ws') + '/jupyter/api/kernels/any/channels');
        ws.onopen = () => { ws.close(); done('opened'); };
        ws.onerror = () => done('refused');
        setTimeout(() => done('timeout'), 5000);
      });
    },
    async delete_catalog() {
      await fetch(base + '/api/2.1/unity-catalog/catalogs/victim?force=true', { method: 'DELETE' });
    },
    async reset_workspace() {
      await fetch(base + '/_minilake/reset', { method: 'POST', mode: 'no-cors' });
    },
    async form_post_json_csrf() {
      // the classic: a text/plain form whose one field makes the body parse as JSON
      const f = document.createElement('form');
      f.method = 'POST'; f.action = base + '/api/2.1/unity-catalog/catalogs'; f.enctype = 'text/plain'; f.target = 'sink';
      const i = document.createElement('input');
      i.name = '{"name":"pwned_form","x":"'; i.value = '"}';
      f.appendChild(i); document.body.appendChild(f); f.submit();
      await new Promise(ok => setTimeout(ok, 1000));
    },
    async files_put() {
      await fetch(base + '/api/2.0/fs/files/Volumes/victim/default/v/pwned.txt', { method: 'PUT', body: 'pwned' });
    },
  };
  for (const [name, fn] of Object.entries(tries)) {
    try { await fn(); seen[name] ??= 'sent'; } catch (e) { seen[name] ??= 'blocked by the browser: ' + e.message; }
  }
  return seen;
}

const profile = mkdtempSync(join(tmpdir(), 'minilake-chromium-'));
const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
let report;
try {
  const page = await context.newPage();
  await page.goto(ATTACKER + '/');
  const seen = await page.evaluate(attack, { base: BASE, markers: MARKERS });
  await new Promise(ok => setTimeout(ok, 3000)); // a run or a statement that got through would have run by now

  // ---------- effects, seen by the test's own client ----------
  const effects = [];
  const tables = await rest('GET', '/api/2.1/unity-catalog/tables?catalog_name=victim&schema_name=default');
  for (const t of tables.body.tables ?? []) effects.push('table ' + t.name);
  if ((await rest('GET', '/api/2.1/unity-catalog/catalogs/victim')).status !== 200) effects.push('catalog victim deleted or reset');
  if ((await rest('GET', '/api/2.1/unity-catalog/catalogs/pwned_form')).status === 200) effects.push('form made a catalog');
  if ((await rest('GET', '/api/2.0/workspace/get-status?path=/Shared/pwned.py')).status === 200) effects.push('workspace file imported');
  const after = await rest('GET', '/api/2.2/jobs/runs/list');
  if ((after.body.runs ?? []).length !== (before.body.runs ?? []).length) effects.push('a run was submitted');
  for (const f of readdirSync(MARKERS)) effects.push('marker ' + f);
  if (seen.jupyter_websocket === 'opened') effects.push('jupyter websocket opened');

  // ---------- the same requests from MiniLake's own origin still work ----------
  const own = await context.newPage();
  await own.goto(BASE + '/ui/'); // MiniLake's own page (its CSP allows connecting to its origin)
  const sameOrigin = await own.evaluate(async base => {
    const r = await fetch(base + '/api/2.0/sql/statements', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ warehouse_id: 'dev', statement: 'CREATE TABLE victim.default.from_own_origin AS SELECT 42 AS x', wait_timeout: '30s' }) });
    const created = (await r.json()).status?.state;
    const get = await fetch(base + '/api/2.1/unity-catalog/tables/victim.default.from_own_origin');
    return { created, read: get.status };
  }, BASE);
  report = { attacks: Object.keys(seen).length, seen, effects, same_origin: sameOrigin, attacker: ATTACKER };
} finally {
  await context.close();
  attacker.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(JSON.stringify(report));
