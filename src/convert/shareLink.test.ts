import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../lib/crc32.ts';
import type { KeymapDocument } from './keymapDocument.ts';
import { decodeShareLink, encodeShareLink, shareLinkRefusals, SHARE_ROUTE } from './shareLink.ts';

const doc = (layers: number[][], extra: Partial<KeymapDocument> = {}): KeymapDocument => ({
  keyboard: { name: 'Board', vendorProductId: 0x4b4c0001, rows: 2, cols: 3 },
  protocol: 12,
  macroProtocol: 12,
  layers,
  encoders: [],
  macros: [],
  layerNames: [],
  layoutOptions: null,
  source: 'a test',
  ...extra,
});

/** A full-size keymap as people have them: letters on layer 0, a few keys and mostly KC_TRNS above. */
function fullKeymap(keys: number, layers: number): number[][] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: layers }, (_, l) =>
    Array.from({ length: keys }, (_, i) =>
      l === 0 ? 4 + (i % 100) : next() % 5 === 0 ? next() % 0x7e00 : 1,
    ),
  );
}

describe('share links', () => {
  it('every keymap comes back with every number, name, macro and layer name', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }).chain((n) =>
          fc.record({
            layers: fc.array(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 6, maxLength: 6 }), {
              minLength: n,
              maxLength: n,
            }),
            encoders: fc.array(
              fc.tuple(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 0xffff })),
              {
                minLength: n,
                maxLength: n,
              },
            ),
            macros: fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }),
            names: fc.array(fc.string({ maxLength: 10 }), { maxLength: n }),
            options: fc.option(fc.integer({ min: 0, max: 0xfffffffe })),
          }),
        ),
        async ({ layers, encoders, macros, names, options }) => {
          const original = doc(layers, {
            encoders: encoders.map((pair) => [pair]),
            macros,
            layerNames: names,
            layoutOptions: options,
          });
          const link = await encodeShareLink({ doc: original, definitionVersion: 'v3', definition: null });
          expect(link.startsWith(`${SHARE_ROUTE}?k=2.`)).toBe(true);
          const back = await decodeShareLink(link);
          if (!back.ok) throw new Error(back.message);
          expect(back.shared.doc.layers).toEqual(layers);
          expect(back.shared.doc.encoders).toEqual(original.encoders);
          expect(back.shared.doc.macros).toEqual(macros);
          expect(back.shared.doc.layerNames).toEqual(names);
          expect(back.shared.doc.layoutOptions).toEqual(options);
          expect(back.shared.doc.keyboard).toEqual(original.keyboard);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('carries a definition when asked', async () => {
    const definition = { name: 'Mine', layouts: { keys: [] } };
    const link = await encodeShareLink({
      doc: doc([[1, 2, 3, 4, 5, 6]]),
      definitionVersion: 'v2',
      definition,
    });
    const back = await decodeShareLink(link);
    expect(back.ok && back.shared.definition).toEqual(definition);
    expect(back.ok && back.shared.definitionVersion).toBe('v2');
  });

  it('carries a definition as large as a file Keyloom accepts (1 MB) without overflowing the stack', async () => {
    // Varied text, so the link stays within its length as a real definition's would.
    const keys = Array.from({ length: 20_000 }, (_, i) => ({ x: i % 97, y: i % 13, label: `Key ${i}` }));
    const definition = { name: 'Large', layouts: { keys } };
    expect(JSON.stringify(definition).length).toBeGreaterThan(600_000);
    const link = await encodeShareLink({
      doc: doc([[1, 2, 3, 4, 5, 6]]),
      definitionVersion: 'v3',
      definition,
    });
    const back = await decodeShareLink(link);
    expect(back.ok && back.shared.definition).toEqual(definition);
  });

  it('a full 100-key, 8-layer keymap fits a chat message (docs/keymap-formats.md gives the figure)', async () => {
    const keymap = doc(fullKeymap(6 * 17, 8), {
      keyboard: { name: 'Full', vendorProductId: 1, rows: 6, cols: 17 },
    });
    const link = await encodeShareLink({ doc: keymap, definitionVersion: 'v3', definition: null });
    expect(link.length).toBeLessThan(1500);
  });

  it('refuses damaged, truncated, oversized and foreign fragments with one clear message', async () => {
    const link = await encodeShareLink({
      doc: doc([[1, 2, 3, 4, 5, 6]]),
      definitionVersion: 'v3',
      definition: null,
    });
    expect(await decodeShareLink('#/keymap')).toEqual(shareLinkRefusals.refuse('missing'));
    expect(await decodeShareLink('#/keymap?k=2.%%%')).toEqual(shareLinkRefusals.refuse('encoding'));
    expect(await decodeShareLink(link.slice(0, -6))).toMatchObject({ ok: false });
    expect(await decodeShareLink(`#/keymap?k=${'A'.repeat(500_000)}`)).toEqual(
      shareLinkRefusals.refuse('encoding'),
    );
    // A valid deflate stream of the wrong bytes (a zip bomb of zeros): capped, then refused.
    const zeros = await encodeRaw(new Uint8Array(3 * 1024 * 1024));
    expect(await decodeShareLink(`#/keymap?k=3.${zeros}`)).toEqual(shareLinkRefusals.refuse('version'));
    // A link of version 1 (no checksum) is not opened: it could be a damaged one.
    expect(await decodeShareLink(`#/keymap?k=${zeros.slice(2)}`)).toEqual(shareLinkRefusals.refuse('older'));
    expect(await decodeShareLink(`#/keymap?k=${zeros}`)).toEqual(shareLinkRefusals.refuse('encoding'));
    const wrongVersion = await encodeRaw(Uint8Array.from([9, 0, 0, 0, 0, 1]));
    expect(await decodeShareLink(`#/keymap?k=${wrongVersion}`)).toEqual(shareLinkRefusals.refuse('version'));
    // Sizes beyond any keyboard are refused before anything is allocated for them.
    const huge = await encodeRaw(Uint8Array.from([2, 0, 0, 0, 0, 1, 12, 12, 200, 200, 1, 0, 0, 0, 0, 0]));
    expect(await decodeShareLink(`#/keymap?k=${huge}`)).toEqual(shareLinkRefusals.refuse('shape'));
  });

  it('any one character changed anywhere in a link reads as damaged (issue 38 item 4)', async () => {
    const link = await encodeShareLink({
      doc: doc([[4, 5, 6, 7, 8, 9]], { layerNames: ['Base'], macros: ['hi'] }),
      definitionVersion: 'v3',
      definition: null,
    });
    const k = link.slice(`${SHARE_ROUTE}?k=`.length);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    let opened = 0;
    for (let i = 0; i < k.length; i++)
      for (const ch of alphabet) {
        if (ch === k[i]) continue;
        const changed = `${SHARE_ROUTE}?k=${k.slice(0, i)}${ch}${k.slice(i + 1)}`;
        const read = await decodeShareLink(changed);
        if (read.ok) opened++;
        else expect(read.message).toContain('damaged');
      }
    expect(opened).toBe(0);
    // And one character left out, or one more.
    for (let i = 0; i < k.length; i++) {
      const read = await decodeShareLink(`${SHARE_ROUTE}?k=${k.slice(0, i)}${k.slice(i + 1)}`);
      expect(read.ok).toBe(false);
      expect(await decodeShareLink(`${SHARE_ROUTE}?k=${k.slice(0, i)}A${k.slice(i)}`)).toMatchObject({
        ok: false,
      });
    }
  }, 60_000);

  it('fuzzed fragments never throw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9_-]{0,200}$/), async (k) => {
        const result = await decodeShareLink(`#/keymap?k=${k}`);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });
});

/** `bytes` as a version-2 link's `k` (deflated, its CRC-32 after it, base64url after `2.`). */
async function encodeRaw(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const packed = new Uint8Array(await new Response(stream).arrayBuffer());
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(packed));
  return `2.${Buffer.concat([packed, crc]).toString('base64url')}`;
}
