/** Every lab engine's messages, in Spanish: the shared contract catalog plus each lab's own (mounted under its id). */
import { coreEs } from '../core/contract/i18n/es.ts';
import { thresholdEs } from '../threshold/i18n/es.ts';
import { rubricEs } from '../rubric/i18n/es.ts';
import { calibrationEs } from '../calibration/i18n/es.ts';
import { gateEs } from '../gate/i18n/es.ts';

export const es = {
  ...coreEs,
  threshold: thresholdEs,
  rubric: rubricEs,
  calibration: calibrationEs,
  gate: gateEs,
};
