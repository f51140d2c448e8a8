/**
 * Whether a value read back from browser storage would take at most `limit` bytes as JSON text (counted in
 * UTF-16 code units). It stops as soon as the count passes the limit, so a huge or cyclic value costs at most
 * ~`limit` steps: what storage holds gets a size check before anything slower looks at it. Byte arrays and
 * blobs count their byte length; other objects (Map, Date…) count only their own enumerable properties, and
 * the shape check that follows refuses them anyway.
 */
export function storedSizeWithin(value: unknown, limit: number): boolean {
  let left = limit;
  // Containers being walked, each with the next member to count: an explicit stack rather than recursion (a
  // deeply nested value must not exhaust the call stack), and arrays walked in place (a long one is not copied).
  const open: { members: readonly unknown[]; next: number }[] = [{ members: [value], next: 0 }];
  while (open.length > 0) {
    const top = open[open.length - 1]!;
    if (top.next === top.members.length) {
      open.pop();
      continue;
    }
    const inside: Inside = { members: null };
    left -= ownSize(top.members[top.next++], inside, left);
    if (left < 0) return false;
    if (inside.members) open.push({ members: inside.members, next: 0 });
  }
  return true;
}

/** Where `ownSize` puts a container's members to walk next. */
interface Inside {
  members: readonly unknown[] | null;
}

/** The bytes `value` adds by itself; a container's members go to `inside` unless it alone is over `left`. */
function ownSize(value: unknown, inside: Inside, left: number): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
    case 'bigint':
      return String(value).length;
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      break;
    default:
      return 4; // undefined, functions and symbols have no JSON form: counted like null
  }
  if (value === null) return 4;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value.byteLength;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value.size;
  if (Array.isArray(value)) {
    // Brackets and commas; a sparse or huge array is over the limit before any element is looked at.
    const size = 2 + Math.max(0, value.length - 1);
    if (size <= left && value.length > 0) inside.members = value;
    return size;
  }
  // One brace, then per member its quoted key, colon and a comma (the last comma is the closing brace). JSON
  // leaves out members without a JSON form (structured clone keeps `undefined` ones).
  let size = 1;
  const values: unknown[] = [];
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const member = (value as Record<string, unknown>)[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    size += key.length + 4;
    if (size > left) return size;
    values.push(member);
  }
  if (values.length > 0) inside.members = values;
  return Math.max(size, 2);
}
