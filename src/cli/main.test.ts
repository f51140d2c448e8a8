import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { main } from './main.ts';

function capture() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += String(d)));
  stderr.on('data', (d) => (err += String(d)));
  return { io: { stdin: new PassThrough(), stdout, stderr }, out: () => out, err: () => err };
}

describe('keyloom CLI dispatcher', () => {
  it('prints usage for --help and exits 0', async () => {
    const c = capture();
    expect(await main(['--help'], c.io)).toBe(0);
    expect(c.out()).toContain('Usage: keyloom <command>');
  });

  it('rejects an unknown command with exit 2', async () => {
    const c = capture();
    expect(await main(['frobnicate'], c.io)).toBe(2);
    expect(c.err()).toContain('Unknown command: frobnicate');
  });
});
