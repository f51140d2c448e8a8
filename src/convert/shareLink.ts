import { crc32 } from '../lib/crc32.ts';
import { refusalTable, type Refused } from '../lib/refusal.ts';
import { safeName } from '../lib/safeName.ts';
import type { KeymapDocument } from './keymapDocument.ts';
import { DOCUMENT_LIMITS } from './keymapDocument.ts';

/**
 * A keymap in a link's fragment (`#/keymap?k=2.…`), which browsers never send to a server. The keymap is packed
 * in binary (below), compressed with deflate-raw (the browser's CompressionStream; Node's too), followed by the
 * CRC-32 of the compressed bytes (u32 BE), and written in base64url after the link version and a dot.
 *
 * The checksum is why a link with any one character changed reads as damaged: before it, one such link in about
 * four still inflated to a keymap, a different one, offered for loading (issue 38 item 4). A one-character change
 * alters at most 6 consecutive bits, which CRC-32 always detects, and base64url is read only in its one canonical
 * spelling (a changed unused bit in the last character counts). Links of version 1 (no checksum, no `2.`) are
 * not opened: a damaged one cannot be told from a good one. Everything read back is checked: version, checksum,
 * every size against DOCUMENT_LIMITS, lengths, UTF-8, and an inflate size cap, so a crafted link cannot make the
 * page allocate or loop without bound.
 *
 * Payload (v2, as v1's): version u8 · flags u8 (bit 0: definition carried, bit 1: v3 definition) · vendor/product u32 BE ·
 * protocol u8 · macro protocol u8 · rows u8 · cols u8 · layers u8 · encoders u8 · layout options u32 BE
 * (0xFFFFFFFF: none) · keycodes u16 LE [layer][row × cols + col] · encoders u16 LE [layer][encoder][cw, ccw] ·
 * name (u8 length, UTF-8) · macros (u8 count, each u16 LE length + UTF-8 script) · layer names (u8 count, each u8
 * length + UTF-8) · definition (u32 BE length + UTF-8 JSON) when carried.
 */

export const SHARE_VERSION = 2;
/** The route a share link opens (ui/common/routes.ts). */
export const SHARE_ROUTE = '#/keymap';
/** Longest fragment read (characters): far above a real keymap with its definition. */
const MAX_LINK_CHARS = 400_000;
/** Largest inflated payload read (bytes). */
const MAX_PAYLOAD = 2 * 1024 * 1024;
const NO_OPTIONS = 0xffffffff;

/** What a share link carries: the keymap, and the keyboard's definition when no server has it. */
export interface SharedKeymap {
  doc: KeymapDocument;
  definitionVersion: 'v2' | 'v3';
  /** The definition's JSON when carried (checked by the reader of the definition, not here). */
  definition: unknown;
}

/** Why a share link is not read (lib/refusal.ts: `refusals:shareLink.<name>`). */
export const shareLinkRefusals = refusalTable('shareLink', {
  missing: 'This link holds no keymap (or the part that holds it is damaged).',
  encoding: 'This keymap link is damaged (it is not the text Keyloom writes).',
  checksum:
    'This keymap link is damaged: a character of it was changed or lost (its checksum does not match).',
  older:
    'This keymap link is damaged, or was made by an older Keyloom whose links carry no checksum: ask for a new link.',
  version: 'This keymap link is damaged, or was made by a newer Keyloom: open it there.',
  shape: 'This keymap link is damaged (its keymap does not add up).',
});

class Writer {
  private bytes: number[] = [];
  u8(n: number) {
    this.bytes.push(n & 0xff);
  }
  u16(n: number) {
    this.bytes.push(n & 0xff, (n >> 8) & 0xff);
  }
  u32(n: number) {
    this.bytes.push((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
  }
  text(s: string, lengthBytes: 1 | 2 | 4) {
    const data = new TextEncoder().encode(s);
    if (lengthBytes === 1) this.u8(data.length);
    else if (lengthBytes === 2) this.u16(data.length);
    else this.u32(data.length);
    // One by one: spreading a carried definition (up to a megabyte) into push overflows the call stack.
    for (const byte of data) this.bytes.push(byte);
  }
  done(): Uint8Array<ArrayBuffer> {
    return Uint8Array.from(this.bytes);
  }
}

class ShapeError extends Error {}

class Reader {
  private at = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  constructor(private readonly bytes: Uint8Array) {}
  private take(n: number): Uint8Array {
    if (this.at + n > this.bytes.length) throw new ShapeError();
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
  u8() {
    return this.take(1)[0]!;
  }
  u16() {
    const b = this.take(2);
    return b[0]! | (b[1]! << 8);
  }
  u32() {
    const b = this.take(4);
    return ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  }
  text(lengthBytes: 1 | 2 | 4, max: number): string {
    const n = lengthBytes === 1 ? this.u8() : lengthBytes === 2 ? this.u16() : this.u32();
    if (n > max) throw new ShapeError();
    return this.decoder.decode(this.take(n));
  }
  get finished() {
    return this.at === this.bytes.length;
  }
}

async function pipe(
  data: Uint8Array<ArrayBuffer>,
  stream: CompressionStream | DecompressionStream,
  limit: number,
) {
  const writer = stream.writable.getWriter();
  void writer.write(data).catch(() => undefined);
  void writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new ShapeError();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new ShapeError();
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  // A loop, not Uint8Array.from with a callback per character: a 400,000-character link reads in milliseconds.
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The keymap as a link fragment (`#/keymap?k=…`). */
export async function encodeShareLink(shared: SharedKeymap): Promise<string> {
  const { doc } = shared;
  const w = new Writer();
  const encoders = doc.encoders[0]?.length ?? 0;
  w.u8(SHARE_VERSION);
  w.u8((shared.definition !== null ? 1 : 0) | (shared.definitionVersion === 'v3' ? 2 : 0));
  w.u32(doc.keyboard.vendorProductId ?? 0);
  w.u8(doc.protocol);
  w.u8(doc.macroProtocol);
  w.u8(doc.keyboard.rows);
  w.u8(doc.keyboard.cols);
  w.u8(doc.layers.length);
  w.u8(encoders);
  w.u32(doc.layoutOptions ?? NO_OPTIONS);
  for (const layer of doc.layers) for (const code of layer) w.u16(code);
  doc.layers.forEach((_, l) => {
    for (let e = 0; e < encoders; e++) {
      const [cw, ccw] = doc.encoders[l]?.[e] ?? [0, 0];
      w.u16(cw);
      w.u16(ccw);
    }
  });
  w.text(safeName(doc.keyboard.name).slice(0, 100), 1);
  const macros = doc.macros.slice(0, DOCUMENT_LIMITS.macros - 1);
  w.u8(macros.length);
  for (const m of macros) w.text(m, 2);
  const names = (doc.layerNames ?? []).slice(0, DOCUMENT_LIMITS.layers);
  w.u8(names.length);
  for (const n of names) w.text(safeName(n).slice(0, 32), 1);
  if (shared.definition !== null) w.text(JSON.stringify(shared.definition), 4);
  const packed = await pipe(w.done(), new CompressionStream('deflate-raw'), Infinity);
  const framed = new Uint8Array(packed.length + 4);
  framed.set(packed);
  new DataView(framed.buffer).setUint32(packed.length, crc32(packed));
  return `${SHARE_ROUTE}?k=${SHARE_VERSION}.${toBase64Url(framed)}`;
}

/** The `k` value of a fragment such as `#/keymap?k=…` (null when there is none). */
export function shareParameter(hash: string): string | null {
  const query = hash.split('?')[1];
  return query === undefined ? null : new URLSearchParams(query).get('k');
}

/** Reads a share link's fragment back into a keymap; one clear message for anything that is not one. */
export async function decodeShareLink(hash: string): Promise<{ ok: true; shared: SharedKeymap } | Refused> {
  const { refuse } = shareLinkRefusals;
  const k = shareParameter(hash);
  if (!k) return refuse('missing');
  if (k.length > MAX_LINK_CHARS) return refuse('encoding');
  const framing = /^(\d{1,3})\.(.*)$/s.exec(k);
  if (!framing) return refuse('older');
  if (Number(framing[1]) !== SHARE_VERSION) return refuse('version');
  let framed: Uint8Array<ArrayBuffer>;
  try {
    framed = fromBase64Url(framing[2]!);
  } catch {
    return refuse('encoding');
  }
  // The one spelling toBase64Url writes: otherwise a changed last character could leave the bytes the same.
  if (framed.length < 5 || toBase64Url(framed) !== framing[2]) return refuse('encoding');
  const packed = framed.subarray(0, framed.length - 4);
  if (new DataView(framed.buffer).getUint32(packed.length) !== crc32(packed)) return refuse('checksum');
  let bytes: Uint8Array;
  try {
    bytes = await pipe(packed.slice(), new DecompressionStream('deflate-raw'), MAX_PAYLOAD);
  } catch {
    return refuse('encoding');
  }
  try {
    const r = new Reader(bytes);
    if (r.u8() !== SHARE_VERSION) return refuse('version');
    const flags = r.u8();
    const vendorProductId = r.u32();
    const protocol = r.u8();
    const macroProtocol = r.u8();
    const rows = r.u8();
    const cols = r.u8();
    const layerCount = r.u8();
    const encoderCount = r.u8();
    const options = r.u32();
    if (
      flags > 3 ||
      rows < 1 ||
      cols < 1 ||
      rows > DOCUMENT_LIMITS.rows ||
      cols > DOCUMENT_LIMITS.cols ||
      rows * cols > DOCUMENT_LIMITS.keys ||
      layerCount < 1 ||
      layerCount > DOCUMENT_LIMITS.layers ||
      encoderCount > DOCUMENT_LIMITS.encoders ||
      protocol < 1 ||
      macroProtocol < 1
    )
      throw new ShapeError();
    const keymap = Array.from({ length: layerCount }, () =>
      Array.from({ length: rows * cols }, () => r.u16()),
    );
    const encoders = Array.from({ length: encoderCount > 0 ? layerCount : 0 }, () =>
      Array.from({ length: encoderCount }, () => [r.u16(), r.u16()] as [number, number]),
    );
    // Names from a link are shown and written: no bidi overrides or control characters (lib/safeName.ts).
    const name = safeName(r.text(1, 255));
    const macros = Array.from({ length: r.u8() }, () => r.text(2, 0xffff));
    const layerNames = Array.from({ length: r.u8() }, () => safeName(r.text(1, 255)));
    const definition: unknown = flags & 1 ? JSON.parse(r.text(4, MAX_PAYLOAD)) : null;
    if (!r.finished || layerNames.length > layerCount) throw new ShapeError();
    return {
      ok: true,
      shared: {
        definitionVersion: flags & 2 ? 'v3' : 'v2',
        definition,
        doc: {
          keyboard: { name, vendorProductId: vendorProductId || null, rows, cols },
          protocol,
          macroProtocol,
          layers: keymap,
          encoders,
          macros,
          layerNames,
          layoutOptions: options === NO_OPTIONS ? null : options,
          source: 'a shared link',
        },
      },
    };
  } catch {
    return refuse('shape');
  }
}
