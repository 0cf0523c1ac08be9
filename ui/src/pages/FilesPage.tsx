// Files: volumes through the Files API (/api/2.0/fs) and the workspace tree through the Workspace
// API, with upload and download.
import { useEffect, useState } from 'preact/hooks';
import { get, post, qs, request } from '../api';
import * as uc from '../catalog';
import { download } from '../exporting';

type Entry = { path: string; name: string; dir: boolean; size?: number; modified?: number; type?: string };
const enc = (p: string) => p.split('/').map(encodeURIComponent).join('/');

export function FilesPage() {
  const [mode, setMode] = useState<'volumes' | 'workspace'>('volumes');
  const [path, setPath] = useState('/Volumes');
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    setEntries(null); setError('');
    list(mode, path).then(setEntries, e => setError(e.message));
  }, [mode, path, version]);

  async function upload(files: FileList | null) {
    if (!files?.length) return;
    try {
      for (const f of Array.from(files)) {
        const target = `${path.replace(/\/$/, '')}/${f.name}`;
        if (mode === 'volumes') {
          await request('PUT', `/api/2.0/fs/files${enc(target)}${qs({ overwrite: true })}`, undefined,
            { body: f, headers: { 'Content-Type': 'application/octet-stream' } });
        } else {
          const content = btoa(Array.from(new Uint8Array(await f.arrayBuffer()), b => String.fromCharCode(b)).join(''));
          await post('/api/2.0/workspace/import', { path: target, content, format: 'AUTO', overwrite: true });
        }
      }
      setMessage(`Uploaded ${Array.from(files).map(f => f.name).join(', ')} to ${path}`);
      setVersion(v => v + 1);
    } catch (e) { setMessage(`Upload failed: ${(e as Error).message}`); }
  }

  async function fetchFile(e: Entry) {
    try {
      if (mode === 'volumes') {
        const res = await request('GET', `/api/2.0/fs/files${enc(e.path)}`);
        download(e.name, await res.blob(), 'application/octet-stream');
      } else {
        const r = await get(`/api/2.0/workspace/export${qs({ path: e.path, format: 'SOURCE' })}`);
        download(e.name, new Blob([Uint8Array.from(atob(r.content ?? ''), c => c.charCodeAt(0))]), 'application/octet-stream');
      }
    } catch (err) { setMessage(`Download failed: ${(err as Error).message}`); }
  }

  const parts = path.split('/').filter(Boolean);
  const canUpload = mode === 'workspace' || parts.length >= 4;
  return (
    <div class="files-page pad">
      <div class="toolbar">
        <button class={mode === 'volumes' ? 'on' : ''} onClick={() => { setMode('volumes'); setPath('/Volumes'); }}>Volumes</button>
        <button class={mode === 'workspace' ? 'on' : ''} onClick={() => { setMode('workspace'); setPath('/'); }}>Workspace</button>
        <span class="crumbs" data-testid="crumbs">
          <a onClick={() => setPath(mode === 'volumes' ? '/Volumes' : '/')}>{mode === 'volumes' ? 'Volumes' : 'Workspace'}</a>
          {parts.slice(mode === 'volumes' ? 1 : 0).map((p, i) => {
            const to = '/' + parts.slice(0, i + (mode === 'volumes' ? 2 : 1)).join('/');
            return <> / <a onClick={() => setPath(to)}>{p}</a></>;
          })}
        </span>
        <span class="spacer" />
        <label class={`button${canUpload ? '' : ' disabled'}`} title={canUpload ? '' : 'Open a volume to upload into it'}>
          Upload<input type="file" multiple hidden disabled={!canUpload} data-testid="upload"
                       onChange={e => upload((e.target as HTMLInputElement).files)} />
        </label>
      </div>
      {message && <div class="notice" data-testid="files-message">{message}</div>}
      {error && <div class="error">{error}</div>}
      {!entries && !error && <div class="muted">Loading…</div>}
      {entries && (
        <table class="files" data-testid="files">
          <thead><tr><th>Name</th><th>Size</th><th>Modified</th><th /></tr></thead>
          <tbody>
            {!entries.length && <tr><td colSpan={4} class="muted">(empty)</td></tr>}
            {entries.map(e => (
              <tr>
                <td>{e.dir ? <a data-testid={`dir-${e.name}`} onClick={() => setPath(e.path)}>▤ {e.name}</a> : <span>▫ {e.name}</span>}
                  {e.type && <span class="muted"> {e.type.toLowerCase()}</span>}</td>
                <td>{e.size != null ? e.size.toLocaleString() : ''}</td>
                <td>{e.modified ? new Date(e.modified).toLocaleString() : ''}</td>
                <td>{!e.dir && <button class="small" onClick={() => fetchFile(e)}>Download</button>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** /Volumes, /Volumes/c and /Volumes/c/s are Unity Catalog listings; below that, the Files API. */
async function list(mode: 'volumes' | 'workspace', path: string): Promise<Entry[]> {
  if (mode === 'workspace') {
    const r = await get(`/api/2.0/workspace/list${qs({ path })}`);
    return (r.objects ?? []).map((o: any) => ({
      path: o.path, name: o.path.split('/').pop(), dir: o.object_type === 'DIRECTORY' || o.object_type === 'REPO',
      size: o.size, modified: o.modified_at, type: o.object_type === 'DIRECTORY' ? undefined : o.object_type,
    }));
  }
  const parts = path.split('/').filter(Boolean);
  const dir = (name: string) => ({ path: `${path.replace(/\/$/, '')}/${name}`, name, dir: true });
  if (parts.length === 1) return (await uc.catalogs()).map(c => dir(c.name));
  if (parts.length === 2) return (await uc.schemas(parts[1])).map(s => dir(s.name));
  if (parts.length === 3) return (await uc.volumes(parts[1], parts[2])).map(v => dir(v.name));
  const entries: Entry[] = [];
  let token: string | undefined;
  do {
    const r = await get(`/api/2.0/fs/directories${enc(path)}${qs({ page_token: token })}`);
    for (const c of r.contents ?? []) {
      entries.push({ path: c.path, name: c.name ?? c.path.split('/').filter(Boolean).pop(), dir: !!c.is_directory, size: c.file_size, modified: c.last_modified });
    }
    token = r.next_page_token || undefined;
  } while (token);
  return entries;
}
