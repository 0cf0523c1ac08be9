// The one way the UI talks to MiniLake: its public REST API, with the token (strict auth) as Bearer.

const TOKEN_KEY = 'minilake.token';

/** A Databricks-shaped error ({error_code, message}) or a transport failure. */
export class ApiError extends Error {
  constructor(public status: number, public code: string, message: string) {
    super(message);
  }
}

type TokenListener = () => void;
let tokenListener: TokenListener | null = null;

/** The app shows its token dialog when a call answers 401. */
export function onTokenNeeded(fn: TokenListener) { tokenListener = fn; }
export function token(): string | null { return sessionStorage.getItem(TOKEN_KEY); }
export function setToken(t: string) { sessionStorage.setItem(TOKEN_KEY, t); }

export function authHeaders(): Record<string, string> {
  const t = token();
  return t ? { Authorization: `Bearer ${t}` } : {};
}

export async function request(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = { ...authHeaders(), ...(init.headers as Record<string, string> ?? {}) };
  let payload = init.body;
  if (body !== undefined) { headers['Content-Type'] = 'application/json'; payload = JSON.stringify(body); }
  const res = await fetch(path, { ...init, method, headers, body: payload });
  if (res.status === 401) {
    tokenListener?.();
  }
  if (!res.ok) throw await toError(res);
  return res;
}

async function toError(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const e = JSON.parse(text);
    return new ApiError(res.status, e.error_code ?? String(res.status), e.message ?? text);
  } catch {
    return new ApiError(res.status, String(res.status), text || res.statusText);
  }
}

export async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await request(method, path, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as T;
}

export const get = <T = any>(path: string) => api<T>('GET', path);
export const post = <T = any>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const del = <T = any>(path: string) => api<T>('DELETE', path);
export const patch = <T = any>(path: string, body: unknown) => api<T>('PATCH', path, body);

export function qs(params: Record<string, string | number | boolean | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Quotes an identifier for SQL (backticks, as Databricks SQL writes them). */
export function ident(name: string): string {
  return '`' + name.replace(/`/g, '``') + '`';
}

export function fullName(...parts: string[]): string {
  return parts.map(ident).join('.');
}
