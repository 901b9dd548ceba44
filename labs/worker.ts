/**
 * The one Web Worker of the site. It exposes every lab through comlink: the island sends raw texts,
 * the worker validates them with the lab's zod schema, runs the engine and returns the result, so
 * the main thread never parses or computes (labs/runner.ts does the work, as in the CLI).
 */
import * as Comlink from 'comlink';
import { createRunner } from './runner.ts';

const api = { run: createRunner() };

export type WorkerApi = typeof api;
Comlink.expose(api);
