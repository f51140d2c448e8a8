import { describe, expect, it } from 'vitest';
import { readCredits } from './creditsFile.ts';

const good = () => ({
  app: {
    name: 'keyloom',
    version: '0.1.0',
    licence: 'GPL-3.0-or-later',
    repository: 'https://github.com/example/keyloom',
    text: 0,
  },
  packages: [
    { name: 'react', version: '19.3.1', licence: 'MIT', text: 1, source: 'https://github.com/react/react' },
    { name: 'xz-decompress', version: '0.2.3', licence: 'MIT', text: null, source: null },
  ],
  texts: ['GNU GENERAL PUBLIC LICENSE …', 'MIT License …'],
});

describe('readCredits', () => {
  it('reads the credits file as written', () => {
    expect(readCredits(good())).toEqual(good());
  });

  it('names the field that is wrong', () => {
    const noRepository = good();
    noRepository.app.repository = 'javascript:alert(1)';
    expect(() => readCredits(noRepository)).toThrow(/^app\.repository: expected text matching/);
    const noLicence = good() as { packages: object[] };
    noLicence.packages[1] = { name: 'x', version: '1', text: null, source: null };
    expect(() => readCredits(noLicence)).toThrow('packages.1.licence: expected text');
    expect(() => readCredits([])).toThrow('expected an object');
  });

  it('refuses a text index past the texts', () => {
    const past = good();
    past.packages[0]!.text = 2;
    expect(() => readCredits(past)).toThrow('packages.0.text: expected one of the 2 texts');
    const app = good();
    app.app.text = 5;
    expect(() => readCredits(app)).toThrow('app.text: expected one of the 2 texts');
  });

  it('links only to web addresses', () => {
    const other = good();
    other.packages[0]!.source = 'javascript:alert(1)';
    expect(readCredits(other).packages[0]!.source).toBeNull();
  });
});
