// The imports of src/ drawn as a graph, read as text the way a bundler reads them (static, type-only and dynamic
// imports alike): no file imports itself around a circle, and no folder does. Lint keeps each floor below the
// next (eslint.config.js, tests/layers.test.ts); this keeps the pieces of one floor from leaning on each other.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each file (relative to the repository) and the source files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => path.resolve(path.dirname(file), match[1]!))
      .filter((target) => /\.tsx?$/.test(target))
      .map((target) => path.relative(root, target));
    graph.set(path.relative(root, file), targets);
  }
  return graph;
}

/** The strongly connected parts of more than one node (Tarjan): each is a circle. */
function circles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, low.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const part = stack.splice(stack.indexOf(node));
    if (part.length > 1) found.push(part.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The graph with each file replaced by its room; imports inside a room are left out. */
function rooms(graph: Map<string, string[]>, roomOf: (file: string) => string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of graph)
    for (const target of targets) {
      const [from, to] = [roomOf(file), roomOf(target)];
      if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  return edges;
}

describe('import graph of src/', () => {
  const graph = importGraph();

  it('reads the imports', () => {
    expect(graph.get('src/main.tsx')).toContain('src/app/DeviceRuntime.ts');
  });

  it('has no circle between files', () => {
    const edges = new Map([...graph].map(([file, targets]) => [file, new Set(targets)]));
    expect(circles(edges)).toEqual([]);
  });

  it('has no circle between the folders of src/, nor between the folders of src/ui/', () => {
    // A folder of src/ is one room (src/virtual-keyboard holds its vial/ part); inside the UI every folder is
    // one, so a pane cannot lean on another pane that leans back.
    const roomOf = (file: string) =>
      file.startsWith('src/ui/') ? path.dirname(file) : file.split('/').slice(0, 2).join('/');
    expect(circles(rooms(graph, roomOf))).toEqual([]);
  });
});
