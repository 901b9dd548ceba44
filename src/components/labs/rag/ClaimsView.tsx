/**
 * One answer's claims with their support and its citations, as lists (each claim: supported in the
 * context, supported only outside it, or unsupported; each citation: in the context, retrieved but
 * left out, or outside what was retrieved) and as the ClaimsFigure. Everything comes from the
 * engine's Trace; shared by the lab's trace panel and the rag-claims widget.
 */
import type { Lang } from '../../../../labs/core/contract/types.ts';
import type { Trace } from '../../../../labs/rag/engine.ts';
import { ui } from './i18n/ui.ts';
import { fmt } from '../shared/format.tsx';
import { ClaimsFigure } from './figures.tsx';

function Where({ c, lang }: { c: { retrieved: boolean; in_context: boolean; relevant: boolean }; lang: Lang }) {
  const t = ui(lang).rag;
  return (
    <span className={`where ${c.in_context ? 'in-context' : c.retrieved ? 'retrieved-only' : 'outside'}`}>
      {c.in_context ? t.where_context : c.retrieved ? `⚠ ${t.where_retrieved}` : `✗ ${t.where_outside}`}
      {' · '}{c.relevant ? t.relevant : t.not_relevant}
    </span>
  );
}

/**
 * The answer's claims with their support and its citations (from the trace), plus the figure;
 * `fallback` is the figure's width before it is measured (see ClaimsFigure).
 */
export default function ClaimsView({ trace, lang, figure = true, fallback }: { trace: Trace; lang: Lang; figure?: boolean; fallback?: number }) {
  const t = ui(lang).rag;
  const a = trace.answer;
  if (!a) return <p className="notice">{t.no_answer}</p>;
  return (
    <div className="rag-claims" data-testid="claims">
      <h4>{t.claims_heading}</h4>
      {a.abstained && <p data-testid="abstained">{trace.answerable ? t.abstained_answerable : t.abstained_ok}</p>}
      {a.claims.length === 0 ? (
        <p>{t.no_claims}</p>
      ) : (
        <ol className="claim-list">
          {a.claims.map((c) => (
            <li key={c.index} data-claim={c.index} data-supported={c.supported ? (c.supported_in_context ? 'context' : 'outside') : 'none'}>
              <q>{c.text || t.empty_claim}</q>{' '}
              <strong className={c.supported && c.supported_in_context ? 'ok-text' : 'bad-text'}>
                {!c.supported ? `✗ ${t.unsupported}` : c.supported_in_context ? `✓ ${t.supported_context}` : `⚠ ${t.supported_outside}`}
              </strong>
              {c.supporting_chunks.length > 0 && (
                <ul>{c.supporting_chunks.map((s) => <li key={s.chunk_id}><code>{s.chunk_id}</code> — <Where c={s} lang={lang} /></li>)}</ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <h4>{t.citations_heading}</h4>
      {a.citations.length === 0 ? (
        <p>{t.no_citations}</p>
      ) : (
        <ul className="citation-list" data-testid="citations">
          {a.citations.map((c) => (
            <li key={c.chunk_id} data-citation={c.chunk_id} data-where={c.in_context ? 'context' : c.retrieved ? 'retrieved' : 'outside'}>
              <code>{c.chunk_id}</code> — <Where c={c} lang={lang} />{c.grade !== null && <> · {t.grade_n(fmt(c.grade, lang, 2))}</>}
            </li>
          ))}
        </ul>
      )}
      {figure && (a.claims.length > 0 || a.citations.length > 0) && (
        <div className="chart-box">
          <ClaimsFigure lang={lang} trace={trace} width={760} fallback={fallback} testId="claims-figure"
            title={t.claims_figure(trace.case_id)} description={t.claims_figure_desc(a.claims.length, a.claims.filter((c) => !c.supported).length, a.citations.length, a.citations.filter((c) => !c.retrieved).length)}
            caption={<p className="legend-text">{t.claims_legend}</p>} />
        </div>
      )}
    </div>
  );
}

