import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as compiler from './compile.ts';
import { importDesignFiles } from './designImport.ts';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';

const reference = VIA_DEFINITIONS_DIR;
const sources = readdirSync(reference, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ name: f, text: readFileSync(path.join(reference, f), 'utf8') }));
const v3 = sources.filter((f) => compiler.detectSourceVersion(JSON.parse(f.text)) === 'v3').slice(0, 3);
const v2 = sources.filter((f) => compiler.detectSourceVersion(JSON.parse(f.text)) === 'v2').slice(0, 1);

describe('Design tab import (extended.md §5)', () => {
  it('loads real VIA keyboard definitions of the chosen version, compiled', () => {
    const result = importDesignFiles(v3, 'v3', compiler);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.drafts.map((d) => d.fileName)).toEqual(v3.map((f) => f.name));
      expect(result.drafts.every((d) => typeof d.definition.vendorProductId === 'number')).toBe(true);
    }
  });

  it('accepts served (already compiled) definitions too', () => {
    const served = compiler.compileSourceDefinition(JSON.parse(v3[0]!.text));
    const text = JSON.stringify(served.ok && served.value.definition);
    expect(importDesignFiles([{ name: 'served.json', text }], 'v3', compiler).ok).toBe(true);
  });

  it('one bad file: errors as "file path: message" and nothing is loaded', () => {
    const result = importDesignFiles(
      [
        ...v3.slice(0, 2),
        { name: 'drafts/broken.json', text: '{ nope' },
        { name: 'x.json', text: '{"name":"x"}' },
      ],
      'v3',
      compiler,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toHaveLength(2);
      expect(result.errors[0]).toBe('drafts/broken.json: not valid JSON');
      expect(result.errors[1]).toMatch(/^x\.json: invalid v3 definition: /);
    }
  });

  it('a definition of the other version is refused for the chosen one', () => {
    if (v2.length === 0) return;
    const result = importDesignFiles(v2, 'v3', compiler);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors[0]).toMatch(
        new RegExp(`^${v2[0]!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: invalid v3 definition`),
      );
  });
});
