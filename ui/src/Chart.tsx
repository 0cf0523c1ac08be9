// Charts from a result with ECharts (tree-shaken, and loaded only when a chart is first shown).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Result } from './sql';

export type ChartKind = 'bar' | 'line' | 'area' | 'scatter';
const NUMERIC = /^(TINYINT|SMALLINT|INT|INTEGER|BIGINT|LONG|SHORT|BYTE|FLOAT|DOUBLE|DECIMAL|REAL|NUMERIC)/i;

async function echarts() {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'), import('echarts/charts'), import('echarts/components'), import('echarts/renderers'),
  ]);
  core.use([charts.BarChart, charts.LineChart, charts.ScatterChart, components.GridComponent, components.TooltipComponent,
    components.LegendComponent, components.DataZoomComponent, renderers.CanvasRenderer]);
  return core;
}

export function Chart({ result }: { result: Result }) {
  const el = useRef<HTMLDivElement>(null);
  const numericCols = result.columns.map((c, i) => ({ c, i })).filter(x => NUMERIC.test(x.c.type_name));
  const [kind, setKind] = useState<ChartKind>('bar');
  const [x, setX] = useState(0);
  const [ys, setYs] = useState<number[]>(() => numericCols.filter(n => n.i !== 0).slice(0, 2).map(n => n.i));
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    let chart: any;
    let disposed = false;
    const observer = new ResizeObserver(() => chart?.resize());
    echarts().then(ec => {
      if (disposed || !el.current) return;
      chart = ec.init(el.current);
      const rows = result.rows.slice(0, 20_000); // a chart of more points says nothing more
      const xNumeric = NUMERIC.test(result.columns[x]?.type_name ?? '');
      chart.setOption({
        animation: false,
        tooltip: { trigger: kind === 'scatter' ? 'item' : 'axis' },
        legend: {},
        grid: { left: 60, right: 20, top: 40, bottom: 40 },
        xAxis: kind === 'scatter' && xNumeric ? { type: 'value', name: result.columns[x]?.name }
          : { type: 'category', name: result.columns[x]?.name, data: rows.map(r => r[x]) },
        yAxis: { type: 'value' },
        series: ys.map(i => ({
          name: result.columns[i].name,
          type: kind === 'area' ? 'line' : kind,
          areaStyle: kind === 'area' ? {} : undefined,
          symbolSize: kind === 'scatter' ? 6 : undefined,
          data: kind === 'scatter' && xNumeric ? rows.map(r => [Number(r[x]), r[i] == null ? null : Number(r[i])])
            : rows.map(r => r[i] == null ? null : Number(r[i])),
        })),
      });
      observer.observe(el.current);
      setRendered(true);
    });
    return () => { disposed = true; observer.disconnect(); chart?.dispose(); };
  }, [result, kind, x, ys.join(',')]);

  if (!numericCols.length) return <div class="empty">A chart needs at least one numeric column.</div>;
  return (
    <div class="chart-wrap">
      <div class="chart-bar">
        {(['bar', 'line', 'area', 'scatter'] as ChartKind[]).map(k =>
          <button class={`small${kind === k ? ' on' : ''}`} data-testid={`chart-${k}`} onClick={() => setKind(k)}>{k}</button>)}
        <label>X <select value={x} onChange={e => setX(Number((e.target as HTMLSelectElement).value))}>
          {result.columns.map((c, i) => <option value={i}>{c.name}</option>)}</select></label>
        <label>Y {numericCols.map(n => (
          <span class="check"><input type="checkbox" checked={ys.includes(n.i)}
            onChange={e => setYs(v => (e.target as HTMLInputElement).checked ? [...v, n.i] : v.filter(i => i !== n.i))} />{n.c.name}</span>
        ))}</label>
      </div>
      <div class="chart" ref={el} data-testid="chart" data-rendered={rendered ? 'yes' : 'no'} />
    </div>
  );
}
