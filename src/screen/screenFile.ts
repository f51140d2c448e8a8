/**
 * The screen file the keyboard's display takes (docs/adr/0005-bulk-transfers.md): a 20-byte header, then
 * RGB565 frames; a theme adds foreground overlays with an alpha byte per pixel. Big-endian throughout.
 */
export const SCREEN_MAGIC = 'TABF';
export const SCREEN_FORMAT_VERSION = 1;
export const SCREEN_HEADER = 20;
export const FOREGROUND_DESCRIPTOR = 12;

export const SCREEN_TYPES = { image: 1, video: 2, slider: 3, theme: 4 } as const;
export type ScreenType = keyof typeof SCREEN_TYPES;

/** Header flag bits (extended.md §7 "keyboard firmware check flags"). */
export const FLAG_SWAP = 1;
export const FLAG_ALPHA = 2;
export const FLAG_REFPS = 8;

/** Slider transitions (extended.md §3) and theme foreground animations. */
export const TRANSITIONS = {
  none: 1,
  topToBottom: 2,
  bottomToTop: 3,
  leftToRight: 4,
  rightToLeft: 5,
} as const;
export const ANIMATIONS = { none: 0, a: 1, b: 2 } as const;

export interface Foreground {
  dx: number;
  dy: number;
  dw: number;
  dh: number;
  /** RGBA frames of dw × dh pixels. */
  frames: Uint8ClampedArray[];
}

export interface ScreenContent {
  type: ScreenType;
  width: number;
  height: number;
  /** RGBA frames of width × height pixels (the background for a theme). */
  frames: Uint8ClampedArray[];
  /** fps for video and theme backgrounds, seconds per image for a slider, 0 for an image. */
  rate: number;
  swap: boolean;
  /** Let the keyboard re-time frames to its own refresh rate. */
  refps?: boolean;
  transition?: number;
  animation?: number;
  foregrounds?: Foreground[];
}

/** One RGBA picture as RGB565, high byte first (or swapped), optionally followed per pixel by its alpha. */
export function rgbaToRgb565(rgba: Uint8ClampedArray | Uint8Array, swap: boolean, alpha = false): Uint8Array {
  const pixels = rgba.length / 4;
  const step = alpha ? 3 : 2;
  const out = new Uint8Array(pixels * step);
  for (let i = 0; i < pixels; i++) {
    const [r, g, b] = [rgba[i * 4]!, rgba[i * 4 + 1]!, rgba[i * 4 + 2]!];
    const value = ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3);
    out[i * step] = swap ? value & 0xff : value >> 8;
    out[i * step + 1] = swap ? value >> 8 : value & 0xff;
    if (alpha) out[i * step + 2] = rgba[i * 4 + 3]!;
  }
  return out;
}

const u16 = (v: number) => [(v >> 8) & 0xff, v & 0xff];

/** Bytes the encoded file will take, without encoding it (the theme's size check runs on every change). */
export function screenFileSize(
  content: Pick<ScreenContent, 'width' | 'height' | 'frames' | 'foregrounds'>,
): number {
  const background = content.frames.length * content.width * content.height * 2;
  const foregrounds = (content.foregrounds ?? []).reduce(
    (sum, f) => sum + FOREGROUND_DESCRIPTOR + f.frames.length * f.dw * f.dh * 3,
    0,
  );
  return SCREEN_HEADER + background + foregrounds;
}

export function encodeScreenFile(content: ScreenContent): Uint8Array {
  const foregrounds = content.type === 'theme' ? (content.foregrounds ?? []) : [];
  const out = new Uint8Array(screenFileSize({ ...content, foregrounds }));
  const flags =
    (content.swap ? FLAG_SWAP : 0) |
    (foregrounds.length > 0 ? FLAG_ALPHA : 0) |
    (content.refps ? FLAG_REFPS : 0);
  const payload = out.length - SCREEN_HEADER;
  out.set([...new TextEncoder().encode(SCREEN_MAGIC), SCREEN_FORMAT_VERSION, SCREEN_TYPES[content.type]]);
  out.set([...u16(content.width), ...u16(content.height), ...u16(content.frames.length)], 6);
  out.set(
    [
      content.rate & 0xff,
      flags,
      content.type === 'slider' ? (content.transition ?? TRANSITIONS.none) : (content.animation ?? 0),
      foregrounds.length,
    ],
    12,
  );
  out.set([(payload >>> 24) & 0xff, (payload >>> 16) & 0xff, (payload >>> 8) & 0xff, payload & 0xff], 16);
  let at = SCREEN_HEADER;
  for (const frame of content.frames) {
    out.set(rgbaToRgb565(frame, content.swap), at);
    at += content.width * content.height * 2;
  }
  for (const f of foregrounds) {
    out.set(
      [
        ...u16(f.dx),
        ...u16(f.dy),
        ...u16(f.dw),
        ...u16(f.dh),
        ...u16(f.frames.length),
        content.animation ?? 0,
        0,
      ],
      at,
    );
    at += FOREGROUND_DESCRIPTOR;
    for (const frame of f.frames) {
      out.set(rgbaToRgb565(frame, content.swap, true), at);
      at += f.dw * f.dh * 3;
    }
  }
  return out;
}

export interface ScreenHeader {
  type: ScreenType;
  width: number;
  height: number;
  frames: number;
  rate: number;
  flags: number;
  option: number;
  foregrounds: number;
  payload: number;
}

const r16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;

/** Reads and checks the 20-byte header; a string says why it is refused. */
export function decodeScreenHeader(bytes: Uint8Array): ScreenHeader | string {
  if (bytes.length < SCREEN_HEADER) return 'The screen file header is incomplete.';
  if (new TextDecoder().decode(bytes.subarray(0, 4)) !== SCREEN_MAGIC) return 'Not a screen file.';
  if (bytes[4] !== SCREEN_FORMAT_VERSION) return `Unsupported screen file version ${bytes[4]}.`;
  const type = (Object.keys(SCREEN_TYPES) as ScreenType[]).find((k) => SCREEN_TYPES[k] === bytes[5]);
  if (!type) return `Unknown screen content type ${bytes[5]}.`;
  const header: ScreenHeader = {
    type,
    width: r16(bytes, 6),
    height: r16(bytes, 8),
    frames: r16(bytes, 10),
    rate: bytes[12]!,
    flags: bytes[13]!,
    option: bytes[14]!,
    foregrounds: bytes[15]!,
    payload: ((bytes[16]! << 24) | (bytes[17]! << 16) | (bytes[18]! << 8) | bytes[19]!) >>> 0,
  };
  if (header.width === 0 || header.height === 0 || header.frames === 0) return 'The screen file is empty.';
  if (type !== 'theme' && header.foregrounds > 0) return 'Only themes have foregrounds.';
  return header;
}

/** Checks a whole file: its header, and that the frames and foregrounds fill the payload exactly. */
export function checkScreenFile(bytes: Uint8Array): ScreenHeader | string {
  const header = decodeScreenHeader(bytes);
  if (typeof header === 'string') return header;
  if (bytes.length !== SCREEN_HEADER + header.payload)
    return 'The screen file length does not match its header.';
  let at = SCREEN_HEADER + header.frames * header.width * header.height * 2;
  for (let i = 0; i < header.foregrounds; i++) {
    if (at + FOREGROUND_DESCRIPTOR > bytes.length) return 'A foreground is cut short.';
    const [dx, dy, dw, dh, frames] = [0, 2, 4, 6, 8].map((o) => r16(bytes, at + o)) as [
      number,
      number,
      number,
      number,
      number,
    ];
    if (dw === 0 || dh === 0 || dx + dw > header.width || dy + dh > header.height)
      return 'A foreground lies outside the screen.';
    at += FOREGROUND_DESCRIPTOR + frames * dw * dh * 3;
  }
  return at === bytes.length ? header : 'The screen file length does not match its content.';
}
