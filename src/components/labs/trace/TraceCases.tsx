/**
 * The trace lab's case table: every tool call that the policy says needs an approval, in every run,
 * with its run, its step's verdict and the run's verdict, and the approval as a button: "approved"
 * yes / no. Turning it off removes the granted approval step that covered the call; turning it on
 * inserts one right before the call (edit.ts, through jsonc-parser, so the rest of the trace stays as
 * typed). The summary beside it shows what that did to the runs that pass and the verdict.
 */
import type { Lang } from '../../../../labs/core/contract/types.ts';
import { bilingual } from '../shared/bilingual.ts';
import type { RunResult, StepResult, TraceResult } from '../../../../labs/trace/engine.ts';
import type { LabStateApi } from '../shared/useLabState.ts';
import { CaseTable, useCaseEdits } from '../shared/CaseTable.tsx';
import { addApprovalBefore, removeStep } from './edit.ts';

const TEXT = bilingual({
    title: 'Aprobaciones: concede o retira un permiso con un clic',
    help: 'Cada fila es una llamada a una herramienta que la política obliga a aprobar. El botón quita el paso de aprobación que la cubre, o añade uno justo antes de la llamada, en el editor de la traza.',
    call: 'Ejecución · paso',
    tool: 'Herramienta',
    step: 'Paso',
    run: 'Ejecución',
    pass: '✓ aprueba',
    fail: '✗ falla',
    approved: 'Aprobada',
    yes: 'sí',
    no: 'no',
    name: (run: string, step: string, tool: string) => `${run}, ${step}: llamada a ${tool} aprobada`,
    observation: 'Permiso añadido desde la tabla de aprobaciones del laboratorio.',
    failed: 'No se pudo editar: la traza cambió desde el último cálculo.',
    removed: (step: string, run: string) => `Quitado el permiso ${step} de ${run}.`,
    added: (tool: string, step: string) => `Añadido un permiso para ${tool} antes de ${step}.`,
}, {
    title: 'Approvals: grant or withdraw a permission with one click',
    help: 'Each row is a tool call that the policy says needs an approval. The button removes the approval step that covers it, or adds one right before the call, in the trace editor.',
    call: 'Run · step',
    tool: 'Tool',
    step: 'Step',
    run: 'Run',
    pass: '✓ passes',
    fail: '✗ fails',
    approved: 'Approved',
    yes: 'yes',
    no: 'no',
    name: (run: string, step: string, tool: string) => `${run}, ${step}: call to ${tool} approved`,
    observation: "Permission added from the lab's approvals table.",
    failed: 'Could not edit: the trace changed since the last result.',
    removed: (step: string, run: string) => `Removed permission ${step} from ${run}.`,
    added: (tool: string, step: string) => `Added a permission for ${tool} before ${step}.`,
});

interface Row { r: RunResult; s: StepResult; approved: boolean; id: string }
const rowId = (x: Row) => x.id;

/** The granted approval step that covered call `s` (the last one for its tool before it), or null. */
function coveringApproval(r: RunResult, s: StepResult): StepResult | null {
  for (let i = s.index - 1; i >= 0; i--) {
    const a = r.steps[i];
    if (a && a.type === 'approval' && a.tool === s.tool && a.approval === 'granted') return a;
  }
  return null;
}

export function TraceCases({ result, lang, state }: { result: TraceResult; lang: Lang; state: LabStateApi }) {
  const t = TEXT[lang];
  const { status, apply } = useCaseEdits(state);
  const rows: Row[] = [];
  for (const r of result.runs) {
    for (const s of r.steps) {
      const c = s.checks.find((k) => k.id === 'approval_present');
      if (c) rows.push({ r, s, approved: c.passed, id: `${r.run_id}/${s.step_id}` });
    }
  }
  const verdict = (v: string) => <span className={v === 'pass' ? 'cell-ok' : 'cell-bad'}>{v === 'pass' ? t.pass : t.fail}</span>;
  return (
    <CaseTable
      id="tr-case-table"
      lang={lang}
      title={t.title}
      help={t.help}
      idHeader={t.call}
      rows={rows}
      rowId={rowId}
      columns={[
        { key: 'tool', header: t.tool, cell: (x) => <code>{x.s.tool}</code> },
        { key: 'step', header: t.step, cell: (x) => verdict(x.s.verdict) },
        { key: 'run', header: t.run, cell: (x) => verdict(x.r.decision.verdict) },
      ]}
      toggles={[{
        key: 'approval',
        header: t.approved,
        pressed: (x) => x.approved,
        text: (x) => (x.approved ? t.yes : t.no),
        label: (x) => t.name(x.r.run_id, x.s.step_id, x.s.tool ?? ''),
        onToggle: (x) => {
          const text = state.texts.trace ?? '';
          if (x.approved) {
            const a = coveringApproval(x.r, x.s);
            if (a) apply('trace', removeStep(text, x.r.run_id, a.index, a.step_id), t.failed, t.removed(a.step_id, x.r.run_id));
            else apply('trace', null, t.failed, '');
          } else {
            apply('trace', addApprovalBefore(text, x.r.run_id, x.s.index, x.s.step_id, x.s.tool ?? '', t.observation), t.failed, t.added(x.s.tool ?? '', x.s.step_id));
          }
        },
      }]}
      status={status}
    />
  );
}
