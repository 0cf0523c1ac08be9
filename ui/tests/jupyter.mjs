// JupyterLab through MiniLake's /jupyter proxy in a real browser (Debian's chromium, playwright-core):
// open the lab, start a Python notebook, run a cell, and see its output. Prints one JSON line.
// Usage: node ui/tests/jupyter.mjs --url http://localhost:8000 [--screenshot FILE]
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc, []));
const BASE = args.url.replace(/\/$/, '');
const profile = mkdtempSync(join(tmpdir(), 'minilake-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, viewport: { width: 1440, height: 900 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
const problems = [];
const page = context.pages()[0] ?? await context.newPage();
const origin = new URL(BASE).origin;
await context.route('**/*', route => {
  const url = route.request().url();
  if (url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin) return route.continue();
  problems.push(`request left the origin: ${url}`);
  return route.abort();
});
const figures = {};
try {
  const t0 = Date.now();
  await page.goto(`${BASE}/jupyter/`);
  await page.waitForSelector('.jp-LabShell', { timeout: 120_000 });
  figures.lab_ms = Date.now() - t0;
  await page.click('.jp-LauncherCard[data-category="Notebook"]', { timeout: 60_000 });
  await page.waitForSelector('.jp-Notebook .jp-Cell .cm-content');
  // the kernel's session connects a moment after the notebook opens: wait for it to report Idle
  await page.waitForSelector('.jp-StatusBar-Widget:has-text("| Idle")', { timeout: 90_000 });
  await page.click('.jp-Notebook .jp-Cell .cm-content');
  await page.keyboard.type('print(6 * 7)');
  for (let attempt = 1; ; attempt++) {
    await page.click('.jp-Notebook .jp-Cell .cm-content');
    await page.keyboard.press('Control+Enter'); // run the cell, stay on it
    try {
      await page.waitForSelector('.jp-OutputArea-output:has-text("42")', { timeout: 20_000 });
      break;
    } catch (e) {
      if (attempt === 3) throw e; // a run sent while the kernel connection was still settling is lost: send it again
    }
  }
  figures.to_kernel_answer_ms = Date.now() - t0;
  if (args.screenshot) await page.screenshot({ path: args.screenshot });
} catch (e) {
  problems.push(String(e.stack ?? e));
  if (args.screenshot) await page.screenshot({ path: args.screenshot }).catch(() => undefined);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(JSON.stringify({ figures, problems }));
process.exit(problems.length ? 1 : 0);
