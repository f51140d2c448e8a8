import { describe, expect, it } from 'vitest';
import { HOSTILE_DEFINITIONS, HOSTILE_IDS } from '../../tests/support/hostileDefinitions.ts';
import { DefinitionChecks, type WorkerLike } from './definitionChecks.ts';
import { runDefinitionCheck, type DefinitionCheckRequest } from './runDefinitionCheck.ts';

const demo = JSON.stringify({
  name: 'Two keys',
  vendorId: '0x1234',
  productId: '0x5678',
  matrix: { rows: 1, cols: 2 },
  layouts: { keymap: [['0,0', '0,1']] },
  menus: [],
});

type Listener = (event: { data: unknown }) => void;

/**
 * A worker as the browser gives one: messages cross by structured clone and are answered later, by the same
 * code the real worker runs; `broken` makes it fail as a worker whose script did not load does.
 */
function fakeWorker(options: { broken?: boolean; throws?: boolean } = {}) {
  const listeners: Record<string, Listener[]> = { message: [], error: [] };
  const log = { posted: 0, terminated: false };
  const worker: WorkerLike = {
    postMessage(message) {
      log.posted++;
      const { id, request } = structuredClone(message) as { id: number; request: DefinitionCheckRequest };
      setTimeout(
        () => {
          if (options.broken) return listeners.error!.forEach((l) => l({ data: null }));
          const reply = options.throws
            ? { id, error: 'the worker broke' }
            : { id, result: runDefinitionCheck(request) };
          listeners.message!.forEach((l) => l({ data: structuredClone(reply) }));
        },
        5 - (id % 3),
      ); // later requests may be answered first
    },
    addEventListener(type: string, listener: Listener) {
      listeners[type]!.push(listener);
    },
    terminate() {
      log.terminated = true;
    },
  } as WorkerLike;
  return { worker, log };
}

describe('definition checks off the page thread', () => {
  it('answer each request with its own result, whatever order the worker answers in', async () => {
    const { worker, log } = fakeWorker();
    const checks = new DefinitionChecks(() => worker);
    const [read, file, design] = await Promise.all([
      checks.readFile(demo),
      checks.checkFile(HOSTILE_DEFINITIONS[0]!.text, { ...HOSTILE_IDS, protocol: 12 }),
      checks.designFiles([{ name: 'two.json', text: demo }], 'v3'),
    ]);
    expect(log.posted).toBe(3);
    expect(read).toEqual(runDefinitionCheck({ call: 'readFile', text: demo }));
    expect(read.ok && read.value.definition.layouts.keys).toHaveLength(2);
    expect(file).toMatchObject({ ok: false, refusal: { code: 'tooLarge', subject: 'rowEntries' } });
    expect(design.ok && design.drafts.map((d) => d.fileName)).toEqual(['two.json']);
  });

  it('run in this thread when the worker cannot load (offline before it was cached), the same results', async () => {
    const { worker, log } = fakeWorker({ broken: true });
    const checks = new DefinitionChecks(() => worker);
    const read = await checks.readFile(demo);
    expect(read).toEqual(runDefinitionCheck({ call: 'readFile', text: demo }));
    expect(log.terminated).toBe(true);
    await checks.readFile(demo);
    expect(log.posted).toBe(1); // not asked again
    const none = new DefinitionChecks(() => {
      throw new Error('no module workers here');
    });
    expect(await none.readFile(demo)).toEqual(read);
    expect(await new DefinitionChecks(null).readFile(demo)).toEqual(read);
  });

  it('pass on an error the worker reports', async () => {
    const checks = new DefinitionChecks(() => fakeWorker({ throws: true }).worker);
    await expect(checks.readFile(demo)).rejects.toThrow('the worker broke');
  });
});
