// The SQL workspace in a real browser: Debian's chromium driven by playwright-core against a
// running MiniLake. Usage: node ui/tests/e2e.mjs --url http://localhost:8000 [--screenshots DIR]
// It sets up data through the public REST API, walks the scenario of issue 19 in the UI, checks
// each step against the REST API, fails on any browser console error or any request that leaves
// the origin, keeps a screenshot per step, and prints the benchmark figures as one JSON line.
import { chromium } from 'playwright-core';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc, []));
const BASE = (args.url ?? process.env.MINILAKE_URL ?? 'http://localhost:8000').replace(/\/$/, '');
const SHOTS = resolve(args.screenshots ?? 'target/ui-screenshots');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const TOKEN = process.env.MINILAKE_TEST_TOKEN; // strict mode: the token the UI is given when it asks
mkdirSync(SHOTS, { recursive: true });

// ---------- the REST API, as the test's own client ----------
async function rest(method, path, body) {
  const res = await fetch(BASE + path, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...(TOKEN ? { Authorization: `Bearer ${TOKEN}` } : {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}
async function sql(statement) {
  let r = await rest('POST', '/api/2.0/sql/statements', { warehouse_id: 'e2e', statement, wait_timeout: '30s' });
  while (['PENDING', 'RUNNING'].includes(r.status.state)) {
    await new Promise(ok => setTimeout(ok, 200));
    r = await rest('GET', `/api/2.0/sql/statements/${r.statement_id}`);
  }
  return r;
}
function check(cond, message) { if (!cond) throw new Error(`check failed: ${message}`); }

// ---------- fixture data ----------
await rest('POST', '/api/2.1/unity-catalog/catalogs', { name: 'shop' });
await rest('POST', '/api/2.1/unity-catalog/schemas', { name: 'sales', catalog_name: 'shop' });
for (const s of ['CREATE TABLE shop.sales.orders (id BIGINT, customer STRING, amount DECIMAL(10,2))',
  "INSERT INTO shop.sales.orders VALUES (1, 'Ana', 459.90), (2, 'Bo, \"the\" buyer', 12.50), (3, 'Chen', NULL)"]) {
  const r = await sql(s);
  check(r.status.state === 'SUCCEEDED', `${s}: ${JSON.stringify(r.status)}`);
}
await rest('POST', '/api/2.1/unity-catalog/volumes', { catalog_name: 'shop', schema_name: 'sales', name: 'landing', volume_type: 'MANAGED' });
// a job whose spark_python_task prints a line: its log is what the Jobs page must show
const JOB_LINE = 'hello from a MiniLake job';
await fetch(`${BASE}/api/2.0/fs/files/Volumes/shop/sales/landing/hello_job.py?overwrite=true`, {
  method: 'PUT', body: `print(${JSON.stringify(JOB_LINE)})\n`, headers: TOKEN ? { Authorization: `Bearer ${TOKEN}` } : {},
});
const { job_id } = await rest('POST', '/api/2.2/jobs/create', {
  name: 'e2e hello', tasks: [{ task_key: 'hello', spark_python_task: { python_file: '/Volumes/shop/sales/landing/hello_job.py' } }],
});
const { run_id } = await rest('POST', '/api/2.2/jobs/run-now', { job_id });

// ---------- the browser ----------
const profile = mkdtempSync(join(tmpdir(), 'minilake-chromium-'));
// a fresh profile each run (playwright passes it as --user-data-dir)
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  viewport: { width: 1440, height: 900 }, acceptDownloads: true,
});
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
const page = context.pages()[0] ?? await context.newPage();
const problems = [];
const origin = new URL(BASE).origin;
// nothing may leave the origin: the workspace must work air-gapped
await context.route('**/*', route => {
  const url = route.request().url();
  if (url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin) return route.continue();
  problems.push(`request left the origin: ${url}`);
  return route.abort();
});
let tokenGiven = !TOKEN;
page.on('console', m => {
  // in strict mode the UI learns that it needs a token from the API's first 401, which chromium logs
  if (m.type() !== 'error' || (!tokenGiven && /status of 401/.test(m.text()))) return;
  problems.push(`console error: ${m.text()}`);
});
page.on('crash', () => problems.push('the page crashed'));
page.on('pageerror', e => problems.push(`page error: ${e.message}`));
page.on('dialog', d => d.accept(d.type() === 'prompt' ? dialogAnswer : undefined));
let dialogAnswer = '';
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
let bytes = 0, requests = 0;
cdp.on('Network.loadingFinished', e => { bytes += e.encodedDataLength; requests++; });

let step = 0;
const steps = [];
async function shot(name) {
  step++;
  const file = join(SHOTS, `${String(step).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  steps.push(name);
  console.log(`  step ${step}: ${name}`);
}
const byTest = id => page.locator(`[data-testid="${id}"]`);
const editorValue = () => page.evaluate(() => window.__minilakeEditor.getValue());
const setEditor = text => page.evaluate(t => { window.__minilakeEditor.setValue(t); window.__minilakeEditor.focus(); }, text);
const runKey = () => page.keyboard.press('Control+Enter');
const figures = {};

try {
  // 1. first load: bytes and time until the editor is ready
  const t0 = Date.now();
  await page.goto(`${BASE}/`); // "/" redirects to /ui/
  if (TOKEN) { // strict mode: the UI asks for the token
    await byTest('token-input').fill(TOKEN);
    await shot('token-dialog');
    tokenGiven = true;
    await page.keyboard.press('Enter');
    await byTest('token-dialog').waitFor({ state: 'detached' });
  }
  await page.waitForSelector('body[data-editor-ready="yes"] .monaco-editor .view-lines');
  figures.first_load_ms = Date.now() - t0;
  await page.waitForLoadState('networkidle').catch(() => undefined);
  figures.first_load_bytes = bytes;
  figures.first_load_requests = requests;
  check(page.url() === `${BASE}/ui/` || page.url().startsWith(`${BASE}/ui/#`), `redirected to /ui/, got ${page.url()}`);
  await shot('loaded');

  // 2. namespace selector, then type a query and accept a completion from live UC metadata
  await byTest('catalog-select').selectOption('shop');
  await page.waitForSelector('[data-testid="schema-select"] option[value="sales"]', { state: 'attached' });
  await byTest('schema-select').selectOption('sales');
  await page.click('.monaco-editor .view-lines');
  await page.keyboard.type('SELECT id, customer, amount FROM shop.sales.');
  await page.waitForSelector('.suggest-widget.visible .monaco-list-row[aria-label*="orders"]');
  await shot('completion');
  await page.keyboard.press('Enter');
  await page.keyboard.type(' ORDER BY id');
  const typed = await editorValue();
  check(typed === 'SELECT id, customer, amount FROM shop.sales.orders ORDER BY id', `completion accepted: ${typed}`);
  await runKey();
  await page.waitForSelector('[data-testid="row-count"]:has-text("3 rows")');
  check(await page.locator('.grid-row .cell:has-text("Ana")').count() === 1, 'Ana in the grid');
  const headTypes = await page.locator('[data-testid="col-head"] .ml-type').allTextContents();
  check(headTypes.join(',').toLowerCase() === 'bigint,string,decimal(10,2)', `types in headers: ${headTypes}`);
  await shot('results');

  // sort by amount descending, then copy a cell
  const amountHead = byTest('col-head').nth(2);
  await amountHead.click(); await amountHead.click();
  check((await page.locator('.grid-row').first().locator('.cell').nth(3).textContent()) === '459.90', 'sorted by amount, descending');
  await page.locator('.grid-row').first().locator('.cell').nth(3).click();
  await byTest('copy-cell').click();
  check((await page.evaluate(() => navigator.clipboard.readText())) === '459.90', 'cell copied to the clipboard');

  // 3. chart
  await byTest('view-chart').click();
  await page.waitForSelector('[data-testid="chart"][data-rendered="yes"] canvas');
  await byTest('chart-line').click();
  await page.waitForSelector('[data-testid="chart"][data-rendered="yes"] canvas');
  await shot('chart');
  await page.getByRole('button', { name: 'Results' }).click();

  // 4. CSV export equals the SQL API's result
  const [dl] = await Promise.all([page.waitForEvent('download'), byTest('export-csv').click()]);
  const csv = readFileSync(await dl.path(), 'utf8');
  const api = await sql(typed);
  check(parseCsv(csv).slice(1).length === api.result.data_array.length, 'CSV row count');
  check(JSON.stringify(parseCsv(csv)) === JSON.stringify([api.manifest.schema.columns.map(c => c.name),
    ...api.result.data_array.map(r => r.map(v => v ?? ''))]), `CSV equals the API result:\n${csv}`);
  const [dlJson] = await Promise.all([page.waitForEvent('download'), byTest('export-json').click()]);
  const json = JSON.parse(readFileSync(await dlJson.path(), 'utf8'));
  check(json.length === 3 && json[0].customer === 'Ana', 'JSON export');

  // 5. save the query and find it among the saved queries (and in the API)
  dialogAnswer = 'orders by id';
  await byTest('save-query').click();
  await page.waitForSelector('[data-testid="saved-list"] li:has-text("orders by id")');
  const saved = await rest('GET', '/api/2.0/sql/queries');
  check(saved.results.some(q => q.display_name === 'orders by id' && q.query_text === typed), 'saved through the queries API');
  await shot('saved-query');

  // 6. find the run in the history
  await byTest('side-history').click();
  await page.waitForSelector(`[data-testid="history-list"] li:has-text("${typed}")`);
  await shot('history');

  // 7. auto-limit: visible and switchable; then 100,000 rows in the grid
  const big = "SELECT id, id * 2 AS doubled, 'row ' || id AS label FROM range(100000)";
  await setEditor(big);
  await runKey();
  await page.waitForSelector('[data-testid="row-count"]:has-text("1,000 rows")');
  check(await page.locator('.grid-bar .warn').count() === 1, 'the row limit is shown');
  await byTest('auto-limit').uncheck();
  const t1 = Date.now();
  await byTest('run').click();
  await page.waitForSelector('[data-testid="row-count"]:has-text("100,000 rows")', { timeout: 60_000 });
  await page.waitForSelector('.grid-row[data-row="0"]');
  figures.rows_100k_ms = Date.now() - t1;
  check(await page.locator('.grid-row').count() < 200, 'only visible rows are in the DOM');
  figures.scroll_frame_ms = await page.evaluate(async () => { // scroll through in 40 jumps, timing each frame
    const g = document.querySelector('[data-testid="grid"]');
    const times = [];
    for (let i = 1; i <= 40; i++) {
      const t = performance.now();
      g.scrollTop = (g.scrollHeight * i) / 40;
      await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
      times.push(performance.now() - t);
    }
    return Math.max(...times);
  });
  await page.waitForSelector('.grid-row[data-row="99999"]');
  check((await page.locator('.grid-row[data-row="99999"] .cell').nth(1).textContent()) === '99999', 'last row rendered');
  await shot('100k-rows');
  await byTest('auto-limit').check();

  // 8. a failing statement shows Databricks' error message
  await setEditor('SELECT * FROM shop.sales.no_such_table');
  await runKey();
  await page.waitForSelector('[data-testid="error"]');
  const errorText = await byTest('error').textContent();
  const apiError = (await sql('SELECT * FROM shop.sales.no_such_table')).status.error;
  check(errorText.includes(apiError.message) && errorText.includes('TABLE_OR_VIEW_NOT_FOUND'), `error shown: ${errorText}`);
  await shot('error');

  // 9. catalog tree down to a column, details, preview and DDL
  await byTest('nav-catalog').click();
  await byTest('node-shop').click();
  await byTest('node-shop.sales').click();
  await byTest('node-shop.sales.orders').click();
  await page.waitForSelector('[data-testid="col-shop.sales.orders.customer"]');
  await page.waitForSelector('[data-testid="table-detail"] table.kv:has-text("MANAGED")');
  await shot('catalog-tree');
  await byTest('table-preview').click();
  await page.waitForSelector('[data-testid="table-detail"] [data-testid="row-count"]:has-text("3 rows")');
  await shot('table-preview');
  await byTest('table-ddl').click();
  await page.waitForSelector('[data-testid="ddl"]:has-text("customer")');
  await shot('table-ddl');

  // 10. upload a file to a volume, and read it back through the Files API
  await byTest('nav-files').click();
  await byTest('dir-shop').click();
  await byTest('dir-sales').click();
  await byTest('dir-landing').click();
  const upload = 'id,name\n1,uploaded from the browser\n';
  await byTest('upload').setInputFiles({ name: 'from-ui.csv', mimeType: 'text/csv', buffer: Buffer.from(upload) });
  await page.waitForSelector('[data-testid="files"] td:has-text("from-ui.csv")');
  const back = await fetch(`${BASE}/api/2.0/fs/files/Volumes/shop/sales/landing/from-ui.csv`, { headers: TOKEN ? { Authorization: `Bearer ${TOKEN}` } : {} });
  check(await back.text() === upload, 'the uploaded file is in the volume');
  await shot('files-upload');

  // 11. the job run's log
  for (let i = 0; i < 600; i++) {
    const r = await rest('GET', `/api/2.2/jobs/runs/get?run_id=${run_id}`);
    if (['TERMINATED', 'SKIPPED', 'INTERNAL_ERROR'].includes(r.state.life_cycle_state)) break;
    await new Promise(ok => setTimeout(ok, 250));
  }
  await byTest('nav-jobs').click();
  await byTest(`run-${run_id}`).click();
  await page.waitForSelector(`[data-testid="run-logs"]:has-text("${JOB_LINE}")`);
  await shot('job-log');

  // 12. tabs survive a reload
  await byTest('nav-sql').click();
  const tabsBefore = await page.locator('.tab:not(.add)').count();
  await page.reload();
  await page.waitForSelector('body[data-editor-ready="yes"]');
  check(await page.locator('.tab:not(.add)').count() === tabsBefore, 'tabs kept across a reload');
  check(await editorValue() === 'SELECT * FROM shop.sales.no_such_table', 'the active tab\'s text kept');
  await shot('reloaded');
} catch (e) {
  await page.screenshot({ path: join(SHOTS, 'failure.png') }).catch(() => undefined);
  problems.push(String(e.stack ?? e));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}

console.log(JSON.stringify({ steps: steps.length, figures, problems }));
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}

function parseCsv(text) {
  const rows = [];
  let row = [], cell = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\n') { row.push(cell.replace(/\r$/, '')); rows.push(row); row = []; cell = ''; }
    else cell += c;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}
