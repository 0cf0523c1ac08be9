// CSV (RFC 4180) and JSON export of a whole result, built from the rows the grid holds.
import type { Result } from './sql';

export function toCsv(r: Result): string {
  const cell = (v: string | null) => v == null ? '' : /[",\r\n]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v;
  const lines = [r.columns.map(c => cell(c.name)).join(',')];
  for (const row of r.rows) lines.push(row.map(cell).join(','));
  return lines.join('\r\n') + '\r\n';
}

export function toJson(r: Result): string {
  return JSON.stringify(r.rows.map(row => Object.fromEntries(r.columns.map((c, i) => [c.name, row[i]]))), null, 1);
}

export function download(name: string, text: string | Blob, type: string) {
  const blob = text instanceof Blob ? text : new Blob([text], { type });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
