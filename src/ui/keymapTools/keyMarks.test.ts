import { describe, expect, it } from 'vitest';
import type { LayerEntry } from '../../keymap/layerReach.ts';
import { keyMarks, markedKey, NO_EXTRA_MARKS, type MarkSource } from './keyMarks.ts';
import type { CanvasKey } from '../common/canvasKey.ts';

const entry = (layer: number, index: number): LayerEntry<unknown> => ({
  place: { kind: 'key', layer, index },
  binding: null,
  effect: { kind: 'hold', layer: 0 },
  live: true,
});
const source: MarkSource = {
  reach: [
    // Layer 0, the default, is gone back to by &to 0 at position 2 on layer 1; layer 1 is held by position 1.
    { layer: 0, base: true, reachable: true, reachedBy: [entry(1, 2)], oneWay: [] },
    { layer: 1, base: false, reachable: true, reachedBy: [entry(0, 1)], oneWay: [] },
  ],
  hits: [],
  through: [],
  drawn: [0, 1, 2].map((matrixIndex) => ({ matrixIndex, key: {} })),
};

describe('key marks', () => {
  it('outlines the keys that reach the shown layer, but none on the default layer (no stray outline there)', () => {
    const onBase = keyMarks(source, 0, NO_EXTRA_MARKS);
    expect([0, 1, 2].map(onBase)).toEqual([undefined, undefined, undefined]);
    const onUpper = keyMarks(source, 1, NO_EXTRA_MARKS);
    expect([0, 1, 2].map(onUpper)).toEqual([undefined, 'reach', undefined]);
  });
});

describe('a transparent key named in a language whose colon is not ": "', () => {
  const named = (title: string) => `第 2 行第 5 列：${title}`;
  const key: CanvasKey = {
    shape: { x: 0, y: 0, w: 1, h: 1 } as CanvasKey['shape'],
    label: '▽',
    ariaLabel: named('透明'),
    named,
  };
  const words = { through: (k: string, layer: number) => `透明 → ${k}（层 ${layer}）`, nothing: '无' };
  it('keeps its place and says where it lands', () => {
    const landing = { binding: 4, layer: 0 } as Parameters<typeof markedKey<number>>[2];
    const marked = markedKey(key, 'through', landing, () => ({ label: 'A', title: 'A' }), words);
    expect(marked.ariaLabel).toBe('第 2 行第 5 列：透明 → A（层 0）');
    expect(markedKey(key, 'through', null, () => ({ label: '', title: '' }), words).ariaLabel).toBe(
      '第 2 行第 5 列：无',
    );
  });
});
