/**
 * Every lab, listed once. Routes, content-collection ids, chapter slots, islands, the worker's
 * loaders, the CLI's help and the registry all derive from this list; a new lab is its folder
 * (labs/<id>/ with meta.ts and lab.ts, plus its island in src/components/labs/<id>/) and one entry
 * here. Metas are light (no engine code): `load()` imports a lab's engine when it is first used.
 */
import type { LabMeta } from './core/contract/lab.ts';
import { gateMeta } from './gate/meta.ts';
import { thresholdMeta } from './threshold/meta.ts';
import { ragMeta } from './rag/meta.ts';
import { evaluatorsMeta } from './evaluators/meta.ts';
import { traceMeta } from './trace/meta.ts';
import { calibrationMeta } from './calibration/meta.ts';
import { rubricMeta } from './rubric/meta.ts';

/** In chapter order. */
export const LAB_METAS = [gateMeta, thresholdMeta, ragMeta, evaluatorsMeta, traceMeta, calibrationMeta, rubricMeta] as const;

export type AnyMeta = (typeof LAB_METAS)[number];
export type LabId = AnyMeta['id'];
export type MetaOf<Id extends LabId> = Extract<AnyMeta, { id: Id }>;
/** The engine module of a lab (labs/<id>/lab.ts's `lab`). */
export type ModuleOf<Id extends LabId> = Awaited<ReturnType<MetaOf<Id>['load']>>['lab'];
/** The scorecard a lab's `select` returns. */
export type ResultOf<Id extends LabId> = ReturnType<ModuleOf<Id>['select']>;
/** The view a lab's `select` takes. */
export type ViewOf<Id extends LabId> = Parameters<ModuleOf<Id>['select']>[1];

/** Every lab id, in chapter order. */
export const LAB_IDS = LAB_METAS.map((m) => m.id) as LabId[];

const byId = new Map<string, LabMeta>(LAB_METAS.map((m) => [m.id, m as LabMeta]));

/** The lab with this id, or undefined (ids come from URLs, links and CLI arguments: untrusted). */
export function labMeta(id: string): LabMeta | undefined {
  return byId.get(id);
}

/** Whether `id` names a lab. */
export function isLabId(id: string): id is LabId {
  return byId.has(id);
}
