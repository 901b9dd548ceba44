/**
 * Lab id -> LabDefinition. The worker and the CLI find labs here; adding a lab means adding one
 * line. Types are erased to `AnyLab` at this boundary: the input of `run` is whatever that lab's
 * own `parse` returned.
 */
import type { LabDefinition, LabResultBase } from './core/contract/lab.ts';
import { thresholdLab } from './threshold/index.ts';
import { calibrationLab } from './calibration/index.ts';
import { rubricLab } from './rubric/index.ts';
import { gateLab } from './gate/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyLab = LabDefinition<any, LabResultBase, any>;

export const LABS: Record<string, AnyLab> = {
  threshold: thresholdLab as AnyLab,
  calibration: calibrationLab as AnyLab,
  rubric: rubricLab as AnyLab,
  gate: gateLab as AnyLab,
};

/** The lab with this id, or undefined. */
export function getLab(id: string): AnyLab | undefined {
  return Object.prototype.hasOwnProperty.call(LABS, id) ? LABS[id] : undefined;
}
