// Jobs: runs with their state, each run's task graph (tasks and depends_on) and each task's real
// output (runs/get-output: logs, error, notebook result).
import { useEffect, useState } from 'preact/hooks';
import { get, qs } from '../api';

export function JobsPage() {
  const [runs, setRuns] = useState<any[] | null>(null);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    get(`/api/2.2/jobs/runs/list${qs({ limit: 100, expand_tasks: true })}`).then(r => setRuns(r.runs ?? []), e => setError(e.message));
  }, [version]);
  useEffect(() => { // refresh while something is still running
    if (!runs?.some(r => !isDone(r))) return;
    const t = setTimeout(() => setVersion(v => v + 1), 2000);
    return () => clearTimeout(t);
  }, [runs]);

  return (
    <div class="jobs-page">
      <aside class="side wide">
        <div class="tree-bar"><b>Job runs</b><span class="spacer" /><button class="small" onClick={() => setVersion(v => v + 1)}>⟳</button></div>
        {error && <div class="error small">{error}</div>}
        {runs && !runs.length && <div class="muted pad">No runs yet.</div>}
        <ul class="list" data-testid="runs">{(runs ?? []).map(r => (
          <li class={selected === r.run_id ? 'on' : ''} data-testid={`run-${r.run_id}`} onClick={() => setSelected(r.run_id)}>
            <b>{r.run_name ?? `run ${r.run_id}`}</b> <State run={r} />
            <div class="muted">#{r.run_id} · {r.start_time ? new Date(r.start_time).toLocaleString() : ''}</div>
          </li>
        ))}</ul>
      </aside>
      <section class="detail">{selected ? <RunDetail key={`${selected}:${version}`} runId={selected} /> : <div class="empty">Pick a run.</div>}</section>
    </div>
  );
}

const isDone = (r: any) => ['TERMINATED', 'SKIPPED', 'INTERNAL_ERROR'].includes(r.state?.life_cycle_state);

function State({ run }: { run: any }) {
  const s = run.state ?? {};
  const label = s.result_state ?? s.life_cycle_state ?? run.status?.state ?? '?';
  return <span class={`state ${label}`}>{label}</span>;
}

function RunDetail({ runId }: { runId: number }) {
  const [run, setRun] = useState<any>(null);
  const [task, setTask] = useState<any>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    get(`/api/2.2/jobs/runs/get${qs({ run_id: runId })}`).then(r => { setRun(r); setTask(r.tasks?.[0] ?? null); }, e => setError(e.message));
  }, [runId]);
  if (error) return <div class="error">{error}</div>;
  if (!run) return <div class="empty">Loading…</div>;
  const tasks: any[] = run.tasks ?? [];
  return (
    <div class="pad">
      <h2>{run.run_name ?? `Run ${run.run_id}`} <State run={run} /></h2>
      {run.state?.state_message && <div class="muted">{run.state.state_message}</div>}
      <h3>Tasks</h3>
      <div class="dag" data-testid="task-graph">{tasks.map(t => (
        <div class={`task${task?.run_id === t.run_id ? ' on' : ''}`} data-testid={`task-${t.task_key}`} onClick={() => setTask(t)}>
          <b>{t.task_key}</b> <State run={t} />
          {t.depends_on?.length ? <div class="muted">after {t.depends_on.map((d: any) => d.task_key).join(', ')}</div> : null}
        </div>
      ))}</div>
      {task && <TaskOutput key={task.run_id} task={task} />}
    </div>
  );
}

function TaskOutput({ task }: { task: any }) {
  const [out, setOut] = useState<any>(null);
  const [error, setError] = useState('');
  useEffect(() => { get(`/api/2.2/jobs/runs/get-output${qs({ run_id: task.run_id })}`).then(setOut, e => setError(e.message)); }, [task.run_id]);
  if (error) return <div class="error">{error}</div>;
  if (!out) return <div class="muted">Loading output…</div>;
  return (
    <div class="output">
      <h3>Output of {task.task_key}</h3>
      {out.error && <div class="error"><b>{out.error}</b>{out.error_trace && <pre>{out.error_trace}</pre>}</div>}
      {out.notebook_output?.result != null && <div><b>Notebook result:</b> <code>{out.notebook_output.result}</code></div>}
      <pre class="logs" data-testid="run-logs">{out.logs ?? '(no logs)'}{out.logs_truncated ? '\n… (truncated)' : ''}</pre>
    </div>
  );
}
