// Unity Catalog metadata through the public API, cached briefly for completion and the tree.
import { get, qs } from './api';

export interface ColumnInfo { name: string; type_text: string; type_name?: string; nullable?: boolean; comment?: string }
export interface TableInfo {
  name: string; catalog_name: string; schema_name: string; full_name: string;
  table_type?: string; data_source_format?: string; storage_location?: string; comment?: string;
  columns?: ColumnInfo[];
}

const UC = '/api/2.1/unity-catalog';
const cache = new Map<string, { at: number; value: Promise<any> }>();
const TTL_MS = 15_000;

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && performance.now() - hit.at < TTL_MS) return hit.value;
  const value = load();
  value.catch(() => cache.delete(key));
  cache.set(key, { at: performance.now(), value });
  return value;
}

export function invalidate() { cache.clear(); }

async function all<T>(path: string, field: string, params: Record<string, string>): Promise<T[]> {
  const out: T[] = [];
  let token: string | undefined;
  do {
    const page = await get(`${path}${qs({ ...params, page_token: token, max_results: 1000 })}`);
    out.push(...(page[field] ?? []));
    token = page.next_page_token || undefined;
  } while (token);
  return out;
}

export const catalogs = () => cached('c', () => all<{ name: string; comment?: string }>(`${UC}/catalogs`, 'catalogs', {}));
export const schemas = (catalog: string) =>
  cached(`s:${catalog}`, () => all<{ name: string }>(`${UC}/schemas`, 'schemas', { catalog_name: catalog }));
export const tables = (catalog: string, schema: string) =>
  cached(`t:${catalog}.${schema}`, () => all<TableInfo>(`${UC}/tables`, 'tables', { catalog_name: catalog, schema_name: schema }));
export const volumes = (catalog: string, schema: string) =>
  cached(`v:${catalog}.${schema}`, () => all<{ name: string; volume_type: string; full_name: string }>(`${UC}/volumes`, 'volumes',
    { catalog_name: catalog, schema_name: schema }));
export const table = (fullName: string) =>
  cached(`T:${fullName}`, () => get<TableInfo>(`${UC}/tables/${encodeURIComponent(fullName)}`));
