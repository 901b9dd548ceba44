/** Threshold lab (chapter 02) messages, in English. */
import type { Widen } from '../../i18n/index.ts';
import type { thresholdEs } from './es.ts';

export const thresholdEn: Widen<typeof thresholdEs> = {
  verdict: {
    pass: 'Automate with the recommended pair and review the middle zone.',
    fail: 'Do not automate yet: no pair meets the constraints.',
  },
  reasons: {},
};
