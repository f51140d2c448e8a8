/** The reader messages of core.md §5 / extended.md §5. */
export const READ_CANCELLED = 'File reading was cancelled.';
export const READ_FAILED = 'Failed to read file.';

function read<T>(
  file: Blob,
  start: (reader: FileReader) => void,
  result: (reader: FileReader) => T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(result(reader));
    reader.onabort = () => reject(new Error(READ_CANCELLED));
    reader.onerror = () => reject(new Error(READ_FAILED));
    start(reader);
  });
}

export function readText(file: Blob): Promise<string> {
  return read(
    file,
    (r) => r.readAsText(file, 'utf-8'),
    (r) => String(r.result),
  );
}

export function readBytes(file: Blob): Promise<Uint8Array> {
  return read(
    file,
    (r) => r.readAsArrayBuffer(file),
    (r) => new Uint8Array(r.result as ArrayBuffer),
  );
}
