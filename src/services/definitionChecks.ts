import type { DefinitionVersion } from '../definitions/compile.ts';
import type { KeyboardIdentity } from '../definitions/definitionFile.ts';
import type {
  DefinitionCheckRequest,
  DefinitionCheckResult,
  DefinitionCheckResults,
} from './runDefinitionCheck.ts';

/** The part of a `Worker` the checks use (a real one in the browser, a stand-in in tests). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** The worker could not start or run (offline before its file was cached, a browser without module workers). */
class WorkerUnavailable extends Error {}

/**
 * The checks of a definition file a user brings — for a connected keyboard, for 'Build a virtual keyboard', for
 * the Design tab — run off the page's thread in a worker (`definitionCheckWorker.ts`) so the page keeps
 * answering while the compiler loads and reads the file. Where no worker can start (Node, tests, the CLI, or a
 * worker whose script failed to load) they run here, loading the compiler on demand; the results are the same.
 */
export class DefinitionChecks {
  private worker: WorkerLike | null = null;
  private failed = false;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (result: DefinitionCheckResult) => void; reject: (error: Error) => void }
  >();

  constructor(private readonly startWorker: (() => WorkerLike) | null) {}

  /** A definition file for the connected keyboard with `keyboard`'s ids and protocol (`checkDefinitionFile`). */
  checkFile(text: string, keyboard: KeyboardIdentity): Promise<DefinitionCheckResults['checkFile']> {
    return this.run({ call: 'checkFile', text, keyboard }) as Promise<DefinitionCheckResults['checkFile']>;
  }

  /** A definition file to build a virtual keyboard from (`readDefinitionFile`). */
  readFile(text: string): Promise<DefinitionCheckResults['readFile']> {
    return this.run({ call: 'readFile', text }) as Promise<DefinitionCheckResults['readFile']>;
  }

  /** Design-tab files of one definition version (`importDesignFiles`). */
  designFiles(
    files: readonly { name: string; text: string }[],
    version: DefinitionVersion,
  ): Promise<DefinitionCheckResults['designFiles']> {
    return this.run({ call: 'designFiles', files, version }) as Promise<
      DefinitionCheckResults['designFiles']
    >;
  }

  private async run(request: DefinitionCheckRequest): Promise<DefinitionCheckResult> {
    const worker = this.started();
    if (worker) {
      try {
        return await this.ask(worker, request);
      } catch (error) {
        if (!(error instanceof WorkerUnavailable)) throw error;
      }
    }
    const { runDefinitionCheck } = await import('./runDefinitionCheck.ts');
    return runDefinitionCheck(request);
  }

  private started(): WorkerLike | null {
    if (this.worker || this.failed || !this.startWorker) return this.worker;
    try {
      const worker = this.startWorker();
      worker.addEventListener('message', (event: MessageEvent) => this.answer(event.data));
      worker.addEventListener('error', () => this.stop());
      this.worker = worker;
    } catch {
      this.failed = true;
    }
    return this.worker;
  }

  private ask(worker: WorkerLike, request: DefinitionCheckRequest): Promise<DefinitionCheckResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ id, request });
      } catch {
        this.pending.delete(id);
        reject(new WorkerUnavailable());
      }
    });
  }

  private answer(data: { id: number; result?: DefinitionCheckResult; error?: string }): void {
    const waiting = this.pending.get(data.id);
    if (!waiting) return;
    this.pending.delete(data.id);
    if (data.error !== undefined) waiting.reject(new Error(data.error));
    else waiting.resolve(data.result!);
  }

  /** The worker failed (its script did not load, or it broke): what waits on it runs here, later checks too. */
  private stop(): void {
    this.worker?.terminate();
    this.worker = null;
    this.failed = true;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(new WorkerUnavailable());
  }
}

let shared: DefinitionChecks | null = null;

/** The app's checks: in a module worker where the platform has `Worker`, in this thread otherwise. */
export function definitionChecks(): DefinitionChecks {
  return (shared ??= new DefinitionChecks(
    typeof Worker === 'function'
      ? () => new Worker(new URL('./definitionCheckWorker.ts', import.meta.url), { type: 'module' })
      : null,
  ));
}
