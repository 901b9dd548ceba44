/**
 * Lab islands by lab id, loaded on demand: an exercise page embeds whichever lab its exercise names
 * without bundling the others. (Chapter and lab pages import their island directly in LabSlot.astro.)
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LabIslandProps } from './shared/embed.ts';

export const LAB_ISLANDS: Record<string, LazyExoticComponent<ComponentType<LabIslandProps>>> = {
  threshold: lazy(() => import('./threshold/ThresholdLab.tsx')),
  gate: lazy(() => import('./gate/GateLab.tsx')),
  calibration: lazy(() => import('./calibration/CalibrationLab.tsx')),
  rubric: lazy(() => import('./rubric/RubricLab.tsx')),
};
