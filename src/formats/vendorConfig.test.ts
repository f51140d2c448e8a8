import { describe, expect, it } from 'vitest';
import { firmwareConfig } from './firmwareConfig.ts';
import { matrixLightingConfig } from './vendorConfig.ts';

describe('vendor config entries', () => {
  it('reads a matrix-lighting entry, capping frames at what a .tabml header holds', () => {
    expect(
      matrixLightingConfig({ rows: 5, cols: 16, maxFrame: 999, texts: { count: 4, length: 40 } }),
    ).toEqual({ rows: 5, cols: 16, maxFrame: 255, texts: { count: 4, length: 26 } });
    expect(matrixLightingConfig({ rows: 5, cols: 16, extra: 1 })).toEqual({
      rows: 5,
      cols: 16,
      maxFrame: 200,
    });
  });

  it('refuses a malformed matrix-lighting entry whole (the pane is left out)', () => {
    for (const raw of [null, 'yes', { rows: 0, cols: 16 }, { rows: 5 }, { rows: 5, cols: 16, cdc: 'true' }])
      expect(matrixLightingConfig(raw)).toBeNull();
    expect(matrixLightingConfig({ rows: 5, cols: 16, texts: { count: 0, length: 4 } })).toBeNull();
  });

  it('reads the firmware entry in its short and long forms', () => {
    expect(firmwareConfig('1.2.3')).toEqual({ version: '1.2.3', files: [], sha256: {}, hosts: [] });
    expect(firmwareConfig({ version: '1.2.3', files: ['a.uf2'], changeLog: ['x'] })).toEqual({
      version: '1.2.3',
      files: ['a.uf2'],
      changeLog: ['x'],
      sha256: {},
      hosts: [],
    });
    const sha = 'AB'.repeat(32);
    expect(
      firmwareConfig({ version: '1.2.3', files: [{ url: 'b.uf2', sha256: sha }], hosts: ['fw.example'] }),
    ).toEqual({
      version: '1.2.3',
      files: ['b.uf2'],
      sha256: { 'b.uf2': sha.toLowerCase() },
      hosts: ['fw.example'],
    });
    expect(firmwareConfig({ version: '1.2.3', files: [{ url: 'b.uf2', sha256: 'xyz' }] })).toBeNull();
    expect(firmwareConfig({ version: '1.2', files: [] })).toBeNull();
    expect(firmwareConfig({ version: '1.2.3', files: [''] })).toBeNull();
    expect(firmwareConfig(undefined)).toBeNull();
  });
});
