/** Error rows as exported from the Errors page; ids are numbers, printed as 4 hex digits. */
export interface ErrorCsvRow {
  timestamp: number;
  message: string;
  deviceInfo?: { productName: string; vendorId: number; productId: number };
}

export const ERRORS_CSV_HEADER = ['timestamp', 'productName', 'vendorId', 'productId', 'message'] as const;

/** Formats a USB id as 4 lowercase hex digits, the way lsusb and the Errors page print them. */
export function hex4(id: number): string {
  return (id & 0xffff).toString(16).padStart(4, '0');
}

/** RFC 4180 quoting: a field with a comma, quote or line break is quoted and its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Builds the CSV text (CRLF line ends, header first) for the Errors page download. */
export function errorsToCsv(rows: readonly ErrorCsvRow[]): string {
  const lines = [ERRORS_CSV_HEADER.join(',')];
  for (const row of rows) {
    const d = row.deviceInfo;
    lines.push(
      [
        new Date(row.timestamp).toISOString(),
        d?.productName ?? '',
        d ? hex4(d.vendorId) : '',
        d ? hex4(d.productId) : '',
        row.message,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
