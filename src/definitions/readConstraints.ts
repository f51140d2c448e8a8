/**
 * Range constraints of v3 custom menus (via-protocol.md §6.3) as a definition states them: a range value must
 * satisfy `value OP (reference + offset)`. Reading them is all the first screen needs; applying them
 * (rangeConstraints.ts) loads with the first menu pane.
 */
export interface RangeConstraint {
  operator: '<' | '<=' | '>' | '>=';
  /** The referenced value's key (a CommandDef reference is reduced to its key). */
  reference: string;
  offset: number;
  onViolation: 'clamp' | 'push';
}

/** Reads the `constraints` of a menu item; malformed entries are left out (the reader validated them). */
export function readConstraints(raw: unknown): RangeConstraint[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((c): RangeConstraint[] => {
    const o = c as Record<string, unknown>;
    const reference = Array.isArray(o.reference) ? o.reference[0] : o.reference;
    if (!['<', '<=', '>', '>='].includes(o.operator as string) || typeof reference !== 'string') return [];
    return [
      {
        operator: o.operator as RangeConstraint['operator'],
        reference,
        offset: typeof o.offset === 'number' ? o.offset : 0,
        onViolation: o.onViolation === 'push' ? 'push' : 'clamp',
      },
    ];
  });
}
