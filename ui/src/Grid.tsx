// The result grid: rows virtualised by TanStack Virtual (only the visible ~40 rows are in the DOM,
// so 100,000 rows scroll like 100), sortable by header click, SQL type under each column name,
// and a selected cell copies with Ctrl/Cmd+C or the Copy button.
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import { Virtualizer, elementScroll, observeElementOffset, observeElementRect } from '@tanstack/virtual-core';
import type { Result } from './sql';

const ROW_HEIGHT = 26;
const NUMERIC = /^(TINYINT|SMALLINT|INT|INTEGER|BIGINT|LONG|SHORT|BYTE|FLOAT|DOUBLE|DECIMAL|REAL|NUMERIC)/i;

export function Grid({ result }: { result: Result }) {
  const scroller = useRef<HTMLDivElement>(null);
  const frame = useRef(0);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [sort, setSort] = useState<{ col: number; dir: 1 | -1 } | null>(null);
  const [selected, setSelected] = useState<{ row: number; col: number } | null>(null);
  const [copied, setCopied] = useState('');

  useEffect(() => { setSort(null); setSelected(null); }, [result]);

  const order = useMemo(() => {
    const idx = Array.from(result.rows.keys());
    if (!sort) return idx;
    const numeric = NUMERIC.test(result.columns[sort.col]?.type_name ?? '');
    const key = (i: number) => result.rows[i][sort.col];
    idx.sort((a, b) => {
      const x = key(a), y = key(b);
      if (x == null || y == null) return x == null ? (y == null ? 0 : 1) : -1; // nulls last
      const c = numeric ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
      return c * sort.dir;
    });
    return idx;
  }, [result, sort]);

  const virtualizer = useMemo(() => new Virtualizer<HTMLDivElement, Element>({
    count: result.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollToFn: elementScroll,
    observeElementRect,
    observeElementOffset,
    // at most one render per frame: rendering from inside the virtualizer's own notification
    // can feed back into it (seen at the end of the list), which must never spin the page
    onChange: () => {
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => { frame.current = 0; rerender(0); });
    },
  }), [result]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // subscribe to the scroll element once per virtualizer: the element is the same for a result's
  // life, and re-checking it after every render fed renders back into themselves at the list's end
  useLayoutEffect(() => {
    const cleanup = virtualizer._didMount();
    virtualizer._willUpdate();
    return cleanup;
  }, [virtualizer]);

  const cellText = (row: number, col: number) => result.rows[order[row]]?.[col] ?? '';
  const copy = async () => {
    if (!selected) return;
    const text = cellText(selected.row, selected.col) ?? '';
    await navigator.clipboard.writeText(text).catch(() => undefined);
    setCopied(text);
  };

  const widths = useMemo(() => result.columns.map((c, i) => {
    let w = Math.max(c.name.length, c.type_text.length) * 8 + 28;
    for (let r = 0; r < Math.min(result.rows.length, 200); r++) w = Math.max(w, (result.rows[r][i] ?? 'NULL').length * 7.5 + 16);
    return Math.min(Math.round(w), 420);
  }), [result]);
  const total = widths.reduce((a, b) => a + b, 0) + 56;
  const items = virtualizer.getVirtualItems();

  return (
    <div class="grid-wrap">
      <div class="grid-bar">
        <span data-testid="row-count">{result.rows.length.toLocaleString()} rows</span>
        {result.truncated && <span class="warn"> (truncated by the row limit)</span>}
        <span class="muted"> · {(result.elapsedMs / 1000).toFixed(2)} s</span>
        <span class="spacer" />
        {selected && <button class="small" data-testid="copy-cell" onClick={copy}>Copy cell</button>}
        {copied !== '' && <span class="muted" data-testid="copied"> copied “{copied.length > 30 ? copied.slice(0, 30) + '…' : copied}”</span>}
      </div>
      <div class="grid" ref={scroller} tabIndex={0} data-testid="grid"
           onKeyDown={e => { if ((e.ctrlKey || e.metaKey) && e.key === 'c') { e.preventDefault(); copy(); } }}>
        <div class="grid-head" style={{ width: total }}>
          <div class="cell rownum">#</div>
          {result.columns.map((c, i) => (
            <div class="cell head" style={{ width: widths[i] }} data-testid="col-head"
                 onClick={() => setSort(s => s?.col === i ? (s.dir === 1 ? { col: i, dir: -1 } : null) : { col: i, dir: 1 })}>
              <div class="ml-name">{c.name}{sort?.col === i ? (sort.dir === 1 ? ' ▲' : ' ▼') : ''}</div>
              <div class="ml-type">{c.type_text}</div>
            </div>
          ))}
        </div>
        <div style={{ height: virtualizer.getTotalSize(), width: total, position: 'relative' }}>
          {items.map(v => (
            <div class="grid-row" key={v.index} data-row={v.index}
                 style={{ top: v.start, height: ROW_HEIGHT, width: total }}>
              <div class="cell rownum">{v.index + 1}</div>
              {result.columns.map((c, col) => {
                const value = result.rows[order[v.index]][col];
                const sel = selected?.row === v.index && selected.col === col;
                return (
                  <div class={`cell${NUMERIC.test(c.type_name) ? ' num' : ''}${sel ? ' sel' : ''}${value == null ? ' null' : ''}`}
                       style={{ width: widths[col] }} onClick={() => setSelected({ row: v.index, col })}>
                    {value ?? 'NULL'}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
