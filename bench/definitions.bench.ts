import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { loadCompiler } from '../src/definitions/loadCompiler.ts';
import { visibleKeys } from '../src/definitions/geometry.ts';
import { KeyboardCanvas } from '../src/ui/canvas/KeyboardCanvas.tsx';
import type { Report } from './run.ts';
import { VIA_DEFINITIONS_DIR } from '../tests/fixtures/paths.ts';

const REFERENCE = VIA_DEFINITIONS_DIR;

export async function run(report: Report) {
  if (!existsSync(REFERENCE)) {
    report({
      name: 'definitions: sample not found (tests/fixtures/via-definitions)',
      value: 0,
      unit: 'files',
    });
    return;
  }
  const { compileSourceDefinition } = await loadCompiler();
  const sources = ['v2', 'v3'].flatMap((v) =>
    readdirSync(path.join(REFERENCE, v)).map(
      (f) => JSON.parse(readFileSync(path.join(REFERENCE, v, f), 'utf8')) as unknown,
    ),
  );
  let start = performance.now();
  const compiled = sources
    .map((s) => compileSourceDefinition(s))
    .flatMap((r) => (r.ok ? [r.value.definition] : []));
  const compileMs = performance.now() - start;
  report({
    name: `definitions: compile ${sources.length} sample definitions`,
    value: compileMs,
    unit: 'ms',
    note: `${compiled.length} compiled`,
  });
  start = performance.now();
  let keys = 0;
  for (const def of compiled) {
    const drawn = visibleKeys(def.layouts, []).map((k) => ({ shape: k, label: 'A', ariaLabel: 'key' }));
    keys += drawn.length;
    renderToString(
      createElement(KeyboardCanvas, { keys: drawn, selected: new Set<number>(), ariaLabel: 'bench' }),
    );
  }
  report({
    name: `definitions: render ${compiled.length} keyboards (${keys} keys) to SVG`,
    value: performance.now() - start,
    unit: 'ms',
  });
}
