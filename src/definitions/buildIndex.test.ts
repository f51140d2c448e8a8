import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIndex, decodeIds, encodeIds, readIndexIds, serializeIndex } from './buildIndex.ts';

describe('served index id lists', () => {
  it('are written as sorted base-36 differences', () => {
    expect(encodeIds([0xfeed0002, 0x4b4c0002, 0xfeed0001, 0x4b4c0002])).toBe('kw4av6,1du9gxr,1');
    expect(decodeIds('kw4av6,1du9gxr,1')).toEqual([0x4b4c0002, 0xfeed0001, 0xfeed0002]);
    expect(encodeIds([])).toBe('');
    expect(decodeIds('')).toEqual([]);
  });

  it('round-trip any set of 32-bit ids', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 300 }), (ids) => {
        expect(decodeIds(encodeIds(ids))).toEqual([...ids].sort((a, b) => a - b));
      }),
    );
  });

  it('refuse what is not such a list', () => {
    expect(decodeIds('1,,2')).toBeNull();
    expect(decodeIds('1,-2')).toBeNull();
    expect(decodeIds('zzzzzzz,zzzzzzz')).toBeNull();
    expect(readIndexIds({ idEncoding: 'delta36', vendorProductIds: { v2: [1], v3: '' } })).toBeNull();
    expect(readIndexIds({ vendorProductIds: { v2: 'a', v3: [] } })).toBeNull();
  });

  it('a served index reads back to the same ids; plain lists (older builds) still read', () => {
    const index = buildIndex([], 0);
    const ids = { v2: [0x4b4c0001], v3: [0x4b4c0002, 0x4b4c0003] };
    expect(
      readIndexIds(JSON.parse(JSON.stringify(serializeIndex({ ...index, vendorProductIds: ids })))),
    ).toEqual(ids);
    expect(readIndexIds({ vendorProductIds: ids })).toEqual(ids);
  });
});
