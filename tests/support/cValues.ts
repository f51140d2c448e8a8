import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The values of C integer expressions after the given headers, as a C compiler computes them: one program prints
 * each as an unsigned 32-bit number (a devicetree cell). `-fwrapv`: ZMK's modifier functions shift into the
 * sign bit (`RG(A)` is `0x80 << 24 | …`), which dtc computes in 64 bits and truncates to the same 32.
 */
export function cValues(
  cc: string,
  options: { includeDirs: string[]; includes: string[] },
  expressions: readonly string[],
): number[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'keyloom-cvalues-'));
  try {
    const source = [
      '#include <stdio.h>',
      ...options.includes.map((h) => `#include <${h}>`),
      'int main(void) {',
      ...expressions.map((e) => `    printf("%u\\n", (unsigned)(${e}));`),
      '    return 0;',
      '}',
    ].join('\n');
    writeFileSync(path.join(dir, 'values.c'), source);
    const exe = path.join(dir, 'values');
    execFileSync(
      cc,
      ['-fwrapv', '-w', ...options.includeDirs.map((d) => `-I${d}`), '-o', exe, path.join(dir, 'values.c')],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const lines = execFileSync(exe, { encoding: 'utf8' }).trim().split('\n');
    if (lines.length !== expressions.length) throw new Error('cValues: one line per expression expected');
    return lines.map(Number);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
