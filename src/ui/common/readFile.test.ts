// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MAX_BINARY_FILE_BYTES, MAX_TEXT_FILE_BYTES, readBytes, readText } from './readFile.ts';

/** A picked file that says how large it is; reading it would take the page down, so it must never be read. */
const huge = (size: number) =>
  ({
    size,
    slice() {
      throw new Error('read');
    },
  }) as unknown as Blob;

describe('reading a picked file', () => {
  it('reads a file within the cap', async () => {
    await expect(readText(new Blob(['{"a":1}']))).resolves.toBe('{"a":1}');
    await expect(readBytes(new Blob([new Uint8Array([1, 2, 3])]))).resolves.toEqual(
      new Uint8Array([1, 2, 3]),
    );
  });

  it('refuses a file over the cap by its size, before reading it, naming both sizes', async () => {
    await expect(readText(huge(MAX_TEXT_FILE_BYTES + 1))).rejects.toThrow(
      'Could not read the file: it is 16,777,217 bytes; at most 16,777,216 bytes are read here.',
    );
    await expect(readBytes(huge(4 * 1024 ** 3))).rejects.toThrow(/4,294,967,296 bytes; at most 67,108,864/);
    expect(MAX_BINARY_FILE_BYTES).toBeGreaterThan(MAX_TEXT_FILE_BYTES);
  });

  it('takes a caller’s tighter cap', async () => {
    await expect(readText(new Blob(['12345']), 4)).rejects.toThrow('it is 5 bytes; at most 4 bytes');
  });
});
