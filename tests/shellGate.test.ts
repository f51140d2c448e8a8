/**
 * public/shellGate.js preloads, on a first visit, the files the start fetches (issue 43). It is a classic script
 * served as it is, so it names them as paths: they must be the ones the app asks for, or the preloads are wasted
 * and the files fetched twice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_ID, findDemo } from '../src/virtual-keyboard/demoKeyboards.ts';

const gate = readFileSync(path.resolve(import.meta.dirname, '../public/shellGate.js'), 'utf8');

describe('shellGate.js preloads', () => {
  it("names the default demo's definition", () => {
    const demo = findDemo(DEFAULT_DEMO_ID)!;
    expect(gate).toContain(` definitions/${demo.definitionVersion}/${demo.vendorProductId}.json`);
  });

  it('names the index and the vendor configs the definitions repository fetches', () => {
    const repository = readFileSync(
      path.resolve(import.meta.dirname, '../src/services/definitionsRepository.ts'),
      'utf8',
    );
    for (const file of ['definitions/supported_kbs.json', 'tabkb/configs.json']) {
      expect(repository).toContain(`this.url('${file}')`);
      expect(gate).toContain(file);
    }
  });
});
