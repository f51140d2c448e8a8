/** 'VVVV:PPPP', how a keyboard's USB ids are shown (upper-case hex, 4 digits each). */
export function formatIds(vendorId: number, productId: number): string {
  const hex = (n: number) => (n & 0xffff).toString(16).toUpperCase().padStart(4, '0');
  return `${hex(vendorId)}:${hex(productId)}`;
}
