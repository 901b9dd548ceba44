/**
 * Lab islands by lab id, found by convention (src/components/labs/<id>/<Name>Lab.tsx, default
 * export) and loaded on demand: a page bundles none of them up front, and fetches only the one it
 * shows when it scrolls into view.
 */
import type { ComponentType } from 'react';
import type { LabIslandProps } from './shared/embed.ts';

const modules = import.meta.glob<{ default: ComponentType<LabIslandProps> }>('./*/*Lab.tsx');

/** The island loader of a lab, or undefined when the lab has no island. */
export function islandLoader(labId: string): (() => Promise<{ default: ComponentType<LabIslandProps> }>) | undefined {
  const key = Object.keys(modules).find((k) => k.startsWith(`./${labId}/`));
  return key ? modules[key] : undefined;
}
