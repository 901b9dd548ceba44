/** Every lab engine's messages, in English. Must have every key of es.ts (type-checked). */
import type { Messages } from './index.ts';
import { coreEn } from '../core/contract/i18n/en.ts';
import { thresholdEn } from '../threshold/i18n/en.ts';
import { rubricEn } from '../rubric/i18n/en.ts';
import { calibrationEn } from '../calibration/i18n/en.ts';
import { gateEn } from '../gate/i18n/en.ts';

export const en: Messages = {
  ...coreEn,
  threshold: thresholdEn,
  rubric: rubricEn,
  calibration: calibrationEn,
  gate: gateEn,
};
