// What 'Time Sync' writes (at vendorValues.ts TIME_SYNC), apart from the addresses the first screen's virtual
// keyboard reads: only the vendor commands (on demand) send it.

/** Local wall-clock time as seconds since the epoch (UTC seconds shifted by the timezone), u32 big-endian. */
export function timeSyncBytes(now: Date): number[] {
  const seconds = Math.floor(now.getTime() / 1000) - now.getTimezoneOffset() * 60;
  return [(seconds >>> 24) & 0xff, (seconds >>> 16) & 0xff, (seconds >>> 8) & 0xff, seconds & 0xff];
}
