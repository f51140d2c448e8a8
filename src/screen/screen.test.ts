import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitInside, initialCrop, moveCrop, resizeForeground, scaleRgba, sliderImages } from './geometry.ts';
import { screenConfig } from './screenConfig.ts';
import { exportOptions, screenTools, withinOutputLimit } from './screenTools.ts';
import {
  checkScreenFile,
  decodeScreenHeader,
  encodeScreenFile,
  rgbaToRgb565,
  screenFileSize,
} from './screenFile.ts';

const solid = (w: number, h: number, rgba: number[]) =>
  Uint8ClampedArray.from({ length: w * h * 4 }, (_, i) => rgba[i % 4]!);

describe('screen file (docs/adr/0005)', () => {
  it('header bytes: TABF, version, type, size, frames, rate, flags, option, foregrounds, payload', () => {
    const file = encodeScreenFile({
      type: 'slider',
      width: 4,
      height: 2,
      frames: [solid(4, 2, [255, 0, 0, 255]), solid(4, 2, [0, 0, 255, 255])],
      rate: 10,
      swap: false,
      transition: 4,
    });
    expect([...file.subarray(0, 20)]).toEqual([
      0x54, 0x41, 0x42, 0x46, 1, 3, 0, 4, 0, 2, 0, 2, 10, 0, 4, 0, 0, 0, 0, 32,
    ]);
    // Red is F800, blue 001F, high byte first.
    expect([...file.subarray(20, 22)]).toEqual([0xf8, 0x00]);
    expect([...file.subarray(36, 38)]).toEqual([0x00, 0x1f]);
    expect(file.length).toBe(20 + 32);
  });

  it('swap flips each pixel’s bytes and sets flag 1; alpha adds a byte per pixel', () => {
    expect([...rgbaToRgb565(Uint8Array.from([255, 0, 0, 255]), true)]).toEqual([0x00, 0xf8]);
    expect([...rgbaToRgb565(Uint8Array.from([0, 255, 0, 128]), false, true)]).toEqual([0x07, 0xe0, 128]);
  });

  it('theme: foreground descriptors after the background; flags say alpha; checks pass', () => {
    const file = encodeScreenFile({
      type: 'theme',
      width: 8,
      height: 8,
      frames: [solid(8, 8, [0, 0, 0, 255])],
      rate: 12,
      swap: true,
      animation: 2,
      foregrounds: [{ dx: 2, dy: 3, dw: 4, dh: 2, frames: [solid(4, 2, [255, 255, 255, 200])] }],
    });
    const header = checkScreenFile(file);
    expect(header).toMatchObject({ type: 'theme', flags: 1 | 2, option: 2, foregrounds: 1 });
    const at = 20 + 8 * 8 * 2;
    expect([...file.subarray(at, at + 12)]).toEqual([0, 2, 0, 3, 0, 4, 0, 2, 0, 1, 2, 0]);
    expect(file.length).toBe(
      screenFileSize({
        width: 8,
        height: 8,
        frames: [new Uint8ClampedArray(256)],
        foregrounds: [{ dx: 2, dy: 3, dw: 4, dh: 2, frames: [new Uint8ClampedArray(32)] }],
      }),
    );
  });

  it('any valid content passes the keyboard’s checks (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('image', 'video', 'slider', 'theme' as const),
        (w, h, n, type) => {
          const file = encodeScreenFile({
            type,
            width: w,
            height: h,
            frames: Array.from({ length: n }, () => solid(w, h, [1, 2, 3, 4])),
            rate: 5,
            swap: false,
          });
          expect(checkScreenFile(file)).toMatchObject({ type, width: w, height: h, frames: n });
        },
      ),
    );
  });

  it('refuses wrong magic, unknown type, empty, truncated and foregrounds outside the screen', () => {
    const good = encodeScreenFile({
      type: 'image',
      width: 2,
      height: 2,
      frames: [solid(2, 2, [0, 0, 0, 255])],
      rate: 0,
      swap: false,
    });
    const corrupt = (at: number, value: number) => {
      const copy = good.slice();
      copy[at] = value;
      return copy;
    };
    expect(decodeScreenHeader(corrupt(0, 0x58))).toBe('Not a screen file.');
    expect(decodeScreenHeader(corrupt(5, 9))).toBe('Unknown screen content type 9.');
    expect(decodeScreenHeader(corrupt(11, 0))).toBe('The screen file is empty.');
    expect(checkScreenFile(good.subarray(0, good.length - 1))).toBe(
      'The screen file length does not match its header.',
    );
    const theme = encodeScreenFile({
      type: 'theme',
      width: 4,
      height: 4,
      frames: [solid(4, 4, [0, 0, 0, 255])],
      rate: 1,
      swap: false,
      foregrounds: [{ dx: 2, dy: 0, dw: 2, dh: 2, frames: [solid(2, 2, [0, 0, 0, 0])] }],
    });
    theme[20 + 32 + 1] = 3; // dx = 3: 3 + 2 > 4
    expect(checkScreenFile(theme)).toBe('A foreground lies outside the screen.');
  });
});

describe('screen config', () => {
  const raw = {
    fileTypes: [
      { type: 'image', options: [{ label: '240 × 135', owidth: 240, oheight: 135 }] },
      { type: 'theme', options: [{ label: 'Theme', owidth: 240, oheight: 135 }] },
    ],
    maxOutputSize: 1000,
  };
  it('parses, with defaults; tools in the spec’s order', () => {
    const config = screenConfig(raw)!;
    expect(config.maxFgFileCount).toBe(0);
    expect(screenTools(config)).toEqual(['image', 'theme']);
    expect(exportOptions(config, 'image')[0]!.owidth).toBe(240);
    expect(withinOutputLimit(config, 1000)).toBe(true);
    expect(withinOutputLimit(config, 1001)).toBe(false);
    expect(withinOutputLimit({ ...config, maxOutputSize: -1 }, 1e12)).toBe(true);
  });
  it('a malformed entry gives no pane', () => {
    expect(screenConfig({ fileTypes: [] })).toBeNull();
    expect(screenConfig({ fileTypes: [{ type: 'hologram', options: [] }] })).toBeNull();
    expect(screenConfig('yes')).toBeNull();
  });
});

describe('crop and overlay geometry', () => {
  it('initial crop: the largest centred frame of the output ratio', () => {
    expect(initialCrop(1920, 1080, 240, 135)).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(initialCrop(1000, 1000, 200, 100)).toEqual({ x: 0, y: 250, width: 1000, height: 500 });
    expect(initialCrop(300, 1000, 240, 240)).toEqual({ x: 0, y: 350, width: 300, height: 300 });
  });
  it('dragging keeps the frame inside the media', () => {
    const crop = { x: 0, y: 250, width: 1000, height: 500 };
    expect(moveCrop(crop, 50, 400, 1000, 1000)).toEqual({ ...crop, x: 0, y: 500 });
    expect(moveCrop(crop, 0, -999, 1000, 1000)).toEqual({ ...crop, y: 0 });
  });
  it('scaling a solid picture keeps its colour; a crop picks its region', () => {
    const red = solid(10, 10, [255, 0, 0, 255]);
    expect([...scaleRgba(red, 10, 10, { x: 0, y: 0, width: 10, height: 10 }, 3, 2).subarray(0, 4)]).toEqual([
      255, 0, 0, 255,
    ]);
    // Left half black, right half white: a crop of the right half is white.
    const split = Uint8ClampedArray.from({ length: 4 * 2 * 4 }, (_, i) =>
      Math.floor(i / 4) % 4 >= 2 ? 255 : i % 4 === 3 ? 255 : 0,
    );
    expect([...scaleRgba(split, 4, 2, { x: 2, y: 0, width: 2, height: 2 }, 1, 1)]).toEqual([
      255, 255, 255, 255,
    ]);
  });
  it('foregrounds keep their ratio, stay at least 10 px and inside the area', () => {
    const area = { width: 240, height: 135 };
    const item = { x: 100, y: 50, width: 40, height: 20 };
    expect(resizeForeground(item, 80, area)).toEqual({ ...item, width: 80, height: 40 });
    expect(resizeForeground(item, 2, area)).toEqual({ ...item, width: 20, height: 10 });
    expect(resizeForeground(item, 500, area)).toEqual({ ...item, width: 140, height: 70 });
    expect(fitInside(1920, 1080, 80, 80)).toEqual({ width: 80, height: 45 });
  });
  it('slider folders: only jpeg, png and bmp, sorted by name', () => {
    const names = ['b10.png', 'notes.txt', 'b2.JPG', 'a.bmp', 'clip.gif', 'c.jpeg'].map((name) => ({ name }));
    expect(sliderImages(names).map((f) => f.name)).toEqual(['a.bmp', 'b2.JPG', 'b10.png', 'c.jpeg']);
  });
});
