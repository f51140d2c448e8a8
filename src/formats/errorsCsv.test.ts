import { describe, expect, it } from 'vitest';
import { errorsToCsv } from './errorsCsv.ts';

describe('errorsToCsv', () => {
  it('writes the header and one row per error with 4-digit hex ids', () => {
    const csv = errorsToCsv([
      {
        timestamp: Date.UTC(2026, 0, 2, 3, 4, 5),
        message: 'Error: 238',
        deviceInfo: { productName: 'Lumen 65', vendorId: 0x4b4c, productId: 0x1 },
      },
      { timestamp: 0, message: 'no device' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'timestamp,productName,vendorId,productId,message',
      '2026-01-02T03:04:05.000Z,Lumen 65,4b4c,0001,Error: 238',
      '1970-01-01T00:00:00.000Z,,,,no device',
      '',
    ]);
  });

  it('quotes fields holding commas, quotes or line breaks', () => {
    const csv = errorsToCsv([
      {
        timestamp: 0,
        message: 'bad, "odd"\nreply',
        deviceInfo: { productName: 'A,B', vendorId: 1, productId: 2 },
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe('1970-01-01T00:00:00.000Z,"A,B",0001,0002,"bad, ""odd""\nreply"');
  });
});
