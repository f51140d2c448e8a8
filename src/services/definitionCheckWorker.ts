/**
 * The definition-check worker: a module Worker started by `definitionChecks.ts`, so that reading a definition
 * file — loading the 2.4 MB compiler, validating, converting the KLE layout (a fifth of a second for the largest
 * definition Keyloom accepts, more the first time) — never holds the page. Messages: `{ id, request }` in,
 * `{ id, result }` or `{ id, error }` out.
 */
import { runDefinitionCheck, type DefinitionCheckRequest } from './runDefinitionCheck.ts';

/** The part of a dedicated worker's global scope this uses (the project's types are the page's, not a worker's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<{ id: number; request: DefinitionCheckRequest }>) => void) | null;
  postMessage(message: unknown): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = ({ data: { id, request } }) => {
  try {
    scope.postMessage({ id, result: runDefinitionCheck(request) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
