/** The reader messages of core.md §5 / extended.md §5. */
export const READ_CANCELLED = 'File reading was cancelled.';
export const READ_FAILED = 'Failed to read file.';

/**
 * The most a picked file may hold before it is read at all. Every text format Keyloom reads refuses far less
 * (definitions and layout files 1 MB, QMK and ZMK files a few MB) with its own message once read; this cap only
 * keeps a wrong pick (a disk image, a video) from being read whole into the page, which would freeze or crash it.
 */
export const MAX_TEXT_FILE_BYTES = 16 * 1024 * 1024;
/** The same for binary files: firmware images (16 MB of flash is 32 MB as UF2) and LED-matrix files. */
export const MAX_BINARY_FILE_BYTES = 64 * 1024 * 1024;

export const fileTooLarge = (size: number, max: number) =>
  `Could not read the file: it is ${size.toLocaleString('en-US')} bytes; at most ${max.toLocaleString('en-US')} bytes are read here.`;

function read<T>(
  file: Blob,
  maxBytes: number,
  start: (reader: FileReader) => void,
  result: (reader: FileReader) => T,
): Promise<T> {
  if (file.size > maxBytes) return Promise.reject(new Error(fileTooLarge(file.size, maxBytes)));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(result(reader));
    reader.onabort = () => reject(new Error(READ_CANCELLED));
    reader.onerror = () => reject(new Error(READ_FAILED));
    start(reader);
  });
}

export function readText(file: Blob, maxBytes = MAX_TEXT_FILE_BYTES): Promise<string> {
  return read(
    file,
    maxBytes,
    (r) => r.readAsText(file, 'utf-8'),
    (r) => String(r.result),
  );
}

export function readBytes(file: Blob, maxBytes = MAX_BINARY_FILE_BYTES): Promise<Uint8Array> {
  return read(
    file,
    maxBytes,
    (r) => r.readAsArrayBuffer(file),
    (r) => new Uint8Array(r.result as ArrayBuffer),
  );
}
