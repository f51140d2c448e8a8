import { describe, expect, it } from 'vitest';
import {
  buildOptionProblems,
  checkBuildOptions,
  defaultBuildOptions,
  parseBuildFlags,
  protocolChoices,
} from './buildOptions.ts';

describe('virtual keyboard build options', () => {
  it('defaults: v2 boards on protocol 10 (encoders work), v3 boards on 12; 4 layers, 16 macros in 1 kB', () => {
    expect(defaultBuildOptions('v2')).toEqual({
      layers: 4,
      macroCount: 16,
      macroBufferSize: 1024,
      protocol: 10,
    });
    expect(defaultBuildOptions('v3')).toEqual({
      layers: 4,
      macroCount: 16,
      macroBufferSize: 1024,
      protocol: 12,
    });
    expect(protocolChoices('v2')).toEqual([9, 10]);
    expect(protocolChoices('v3')).toEqual([11, 12, 13]);
  });

  it('accepts 1 to 32 layers and names the limit otherwise', () => {
    const base = defaultBuildOptions('v3');
    expect(checkBuildOptions({ ...base, layers: 32 }, 'v3').ok).toBe(true);
    expect(checkBuildOptions({ ...base, layers: 33 }, 'v3')).toEqual({
      ok: false,
      message: 'Layers must be between 1 and 32, got 33',
      field: 'layers',
      min: 1,
      max: 32,
    });
    expect(checkBuildOptions({ ...base, layers: 0 }, 'v3').ok).toBe(false);
  });

  it('keeps protocols to the definition version', () => {
    expect(checkBuildOptions({ ...defaultBuildOptions('v2'), protocol: 11 }, 'v2')).toMatchObject({
      ok: false,
      message: 'A v2 definition runs on VIA protocol 9, 10, got 11',
      field: 'protocol',
    });
    expect(checkBuildOptions({ ...defaultBuildOptions('v3'), protocol: 10 }, 'v3').ok).toBe(false);
    expect(checkBuildOptions({ ...defaultBuildOptions('v3'), protocol: 14 }, 'v3').ok).toBe(true);
  });

  it('names every option out of range, not only the first, so a form can mark each', () => {
    const bad = { layers: 0, macroCount: 200, macroBufferSize: Number.NaN, protocol: 12 };
    expect(buildOptionProblems(bad, 'v3').map((p) => [p.field, p.min, p.max])).toEqual([
      ['layers', 1, 32],
      ['macroCount', 0, 128],
      ['macroBufferSize', 1, 65535],
    ]);
    expect(buildOptionProblems(defaultBuildOptions('v2'), 'v2')).toEqual([]);
  });

  it('macro limits follow the protocol: 16 macro keycodes before protocol 12, 128 from it', () => {
    expect(checkBuildOptions({ ...defaultBuildOptions('v3'), macroCount: 128 }, 'v3').ok).toBe(true);
    expect(checkBuildOptions({ ...defaultBuildOptions('v3'), protocol: 11, macroCount: 17 }, 'v3').ok).toBe(
      false,
    );
    expect(
      checkBuildOptions({ ...defaultBuildOptions('v3'), macroCount: 16, macroBufferSize: 16 }, 'v3'),
    ).toEqual({
      ok: false,
      message: 'The macro buffer must be between 17 and 65535 bytes, got 16',
      field: 'macroBufferSize',
      min: 17,
      max: 65535,
    });
  });

  it('parses the shared command-line flags and leaves the rest', () => {
    expect(parseBuildFlags(['a.json', '--layers', '5', '--protocol=11', '--json'])).toEqual({
      options: { layers: 5, protocol: 11 },
      rest: ['a.json', '--json'],
    });
    expect(parseBuildFlags(['--macros', 'x'])).toBe('--macros needs a whole number');
  });
});
