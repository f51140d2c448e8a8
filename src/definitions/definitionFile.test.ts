import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';
import * as compiler from './compile.ts';
import { checkDefinitionFile, formatIds, formatVendorProductId, requiredVersion } from './definitionFile.ts';

const demo = readFileSync(path.resolve(import.meta.dirname, '../../keyboards/demo/aurora75.json'), 'utf8');
/** Aurora 75's source file with other ids: the definition a user would bring for the FEED:0001 board. */
const sourceFor = (vendorId: string, productId: string) =>
  JSON.stringify({ ...JSON.parse(demo), vendorId, productId, name: 'Prototype 75' });
const FEED = { vendorId: 0xfeed, productId: 0x0001, protocol: 12 };

describe('ids', () => {
  it('are written as four upper-case hex digits each', () => {
    expect(formatIds(0xfeed, 1)).toBe('FEED:0001');
    expect(formatIds(0x4b4c, 0x0002)).toBe('4B4C:0002');
    expect(formatVendorProductId(0xfeed * 65536 + 1)).toBe('FEED:0001');
  });

  it('protocol 11 and later need v3 definitions, older ones v2', () => {
    expect([requiredVersion(9), requiredVersion(10), requiredVersion(11), requiredVersion(12)]).toEqual([
      'v2',
      'v2',
      'v3',
      'v3',
    ]);
  });
});

describe('checkDefinitionFile', () => {
  it('accepts the keyboards-repository source form (KLE layouts) for the right ids and compiles it', () => {
    const result = checkDefinitionFile(sourceFor('0xFEED', '0x0001'), FEED, compiler);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.form).toBe('source');
    expect(result.value.version).toBe('v3');
    expect(result.value.definition.vendorProductId).toBe(0xfeed0001);
    expect(result.value.definition.layouts.keys.length).toBeGreaterThan(80);
  });

  it("accepts VIA's served (compiled) form for the right ids", () => {
    const compiled = checkDefinitionFile(sourceFor('0xfeed', '0x1'), FEED, compiler);
    if (!compiled.ok) throw new Error(compiled.message);
    const result = checkDefinitionFile(JSON.stringify(compiled.value.definition), FEED, compiler);
    expect(result.ok && result.value.form).toBe('via');
    expect(result.ok && result.value.version).toBe('v3');
  });

  it('accepts a real v2 source definition on a keyboard with protocol 9', () => {
    const text = readFileSync(path.join(VIA_DEFINITIONS_DIR, 'v2', '0_sixty__0_sixty.json'), 'utf8');
    const result = checkDefinitionFile(text, { vendorId: 0x7654, productId: 0x0060, protocol: 9 }, compiler);
    expect(result.ok && result.value.version).toBe('v2');
  });

  it('refuses a file for other ids, naming both', () => {
    const result = checkDefinitionFile(demo, FEED, compiler);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.refusal).toEqual({
      code: 'wrongIds',
      fileIds: '4B4C:0002',
      fileName: 'Keyloom Aurora 75',
      keyboardIds: 'FEED:0001',
    });
    expect(result.message).toBe(
      'This definition is for 4B4C:0002 (Keyloom Aurora 75), but the keyboard is FEED:0001. Nothing was stored.',
    );
  });

  it('refuses a compiled file for other ids too', () => {
    const compiled = compiler.compileSourceDefinition(JSON.parse(demo));
    if (!compiled.ok) throw new Error(compiled.message);
    const result = checkDefinitionFile(JSON.stringify(compiled.value.definition), FEED, compiler);
    expect(!result.ok && result.message).toMatch(/for 4B4C:0002 .* keyboard is FEED:0001/);
  });

  it('refuses a v2 definition for a keyboard that needs v3, and the reverse', () => {
    const v2 = readFileSync(path.join(VIA_DEFINITIONS_DIR, 'v2', '0_sixty__0_sixty.json'), 'utf8');
    const result = checkDefinitionFile(v2, { vendorId: 0x7654, productId: 0x0060, protocol: 12 }, compiler);
    expect(!result.ok && result.refusal).toEqual({
      code: 'wrongVersion',
      protocol: 12,
      needed: 'v3',
      got: 'v2',
    });
    const v3 = checkDefinitionFile(sourceFor('0xFEED', '0x0001'), { ...FEED, protocol: 9 }, compiler);
    expect(!v3.ok && v3.refusal.code).toBe('wrongVersion');
  });

  it('refuses what is not JSON, not a definition, or fails the schema', () => {
    const refusal = (text: string) => {
      const r = checkDefinitionFile(text, FEED, compiler);
      return r.ok ? null : r.refusal.code;
    };
    expect(refusal('{ nope')).toBe('notJson');
    expect(refusal('[1,2]')).toBe('notDefinition');
    expect(refusal(JSON.stringify({ name: 'x', vendorId: '0xFEED', productId: '0x0001' }))).toBe(
      'notDefinition',
    );
    const broken = { ...JSON.parse(sourceFor('0xFEED', '0x0001')), matrix: { rows: 'six' } };
    const r = checkDefinitionFile(JSON.stringify(broken), FEED, compiler);
    expect(!r.ok && r.refusal.code).toBe('invalid');
    expect(!r.ok && r.message).toMatch(/^This definition is not valid: .*matrix/);
  });
});
