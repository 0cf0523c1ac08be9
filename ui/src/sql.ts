// Runs statements through POST /api/2.0/sql/statements and reads the whole result, chunk by chunk
// (EXTERNAL_LINKS, JSON_ARRAY), so a 100,000-row result never has to fit one inline response.
import { ApiError, authHeaders, get, post, qs } from './api';

export interface Column { name: string; type_text: string; type_name: string }
export interface Result {
  statementId: string;
  columns: Column[];
  rows: (string | null)[][];
  truncated: boolean;
  elapsedMs: number;
}

/** A statement that finished in FAILED (or CANCELED) state, with Databricks' error text. */
export class StatementError extends Error {
  constructor(public code: string, message: string, public statementId?: string) { super(message); }
}

export interface RunOptions {
  catalog?: string;
  schema?: string;
  rowLimit?: number;
  signal?: AbortSignal;
}

export async function execute(statement: string, opts: RunOptions = {}): Promise<Result> {
  const started = performance.now();
  let resp = await post('/api/2.0/sql/statements', {
    warehouse_id: 'minilake-ui',
    statement,
    catalog: opts.catalog || undefined,
    schema: opts.schema || undefined,
    row_limit: opts.rowLimit || undefined,
    disposition: 'EXTERNAL_LINKS',
    format: 'JSON_ARRAY',
    wait_timeout: '10s',
    on_wait_timeout: 'CONTINUE',
  });
  const id: string = resp.statement_id;
  let delay = 100;
  while (['PENDING', 'RUNNING'].includes(resp.status?.state)) {
    if (opts.signal?.aborted) {
      await post(`/api/2.0/sql/statements/${id}/cancel`).catch(() => undefined);
      throw new StatementError('CANCELED', 'The statement was canceled', id);
    }
    await new Promise(r => setTimeout(r, delay));
    delay = Math.min(delay * 2, 1000);
    resp = await get(`/api/2.0/sql/statements/${id}`);
  }
  const state = resp.status?.state;
  if (state !== 'SUCCEEDED') {
    const err = resp.status?.error ?? {};
    throw new StatementError(err.error_code ?? state, err.message ?? `The statement ended in state ${state}`, id);
  }
  const columns: Column[] = (resp.manifest?.schema?.columns ?? []).map((c: any) => ({
    name: c.name, type_text: c.type_text ?? c.type_name, type_name: c.type_name,
  }));
  const rows: (string | null)[][] = [];
  let chunk = resp.result;
  while (chunk) {
    for (const link of chunk.external_links ?? []) {
      rows.push(...await fetchLink(link.external_link));
    }
    if (chunk.data_array) rows.push(...chunk.data_array);
    const next = chunk.external_links?.[0]?.next_chunk_index ?? chunk.next_chunk_index;
    chunk = next == null ? null : await get(`/api/2.0/sql/statements/${id}/result/chunks/${next}`);
  }
  return { statementId: id, columns, rows, truncated: !!resp.manifest?.truncated, elapsedMs: performance.now() - started };
}

async function fetchLink(url: string): Promise<(string | null)[][]> {
  // MiniLake serves its links on its own origin; they carry their own token, the header is for strict mode
  const sameOrigin = new URL(url, location.href).origin === location.origin;
  const res = await fetch(sameOrigin ? new URL(url, location.href).pathname + new URL(url, location.href).search : url,
    { headers: sameOrigin ? authHeaders() : {} });
  if (!res.ok) throw new ApiError(res.status, String(res.status), `Reading a result chunk failed: ${res.status}`);
  return res.json();
}

/** One-value helper for metadata queries run by the UI itself. */
export async function queryRows(statement: string, opts: RunOptions = {}): Promise<(string | null)[][]> {
  return (await execute(statement, opts)).rows;
}

export function isBareSelect(sql: string): boolean {
  // the first keyword, after comments: SELECT / WITH / VALUES / FROM (Databricks' auto-limit applies to queries)
  const s = sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ').trim().toUpperCase();
  return /^(SELECT|WITH|VALUES|FROM|TABLE)\b/.test(s);
}

export const history = (maxResults = 50) =>
  get(`/api/2.0/sql/history/queries${qs({ max_results: maxResults, include_metrics: false })}`);
