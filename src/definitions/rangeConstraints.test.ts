import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  constrainRange,
  readConstraints,
  type RangeConstraint,
  constrainDependents,
} from './rangeConstraints.ts';

const values: Record<string, number> = { release: 200 };
const valueOf = (k: string) => values[k];
const limitsOf = () => [0, 400] as const;

describe('range constraints (via-protocol.md §6.3)', () => {
  it('reads constraints; a CommandDef reference becomes its key', () => {
    expect(
      readConstraints([{ operator: '>=', reference: ['release', 0, 2], offset: 50, onViolation: 'push' }]),
    ).toEqual([{ operator: '>=', reference: 'release', offset: 50, onViolation: 'push' }]);
    expect(readConstraints([{ operator: '!=', reference: 'x' }])).toEqual([]);
  });

  it('clamp: the value stops at the bound', () => {
    const ge: RangeConstraint[] = [
      { operator: '>=', reference: 'release', offset: 50, onViolation: 'clamp' },
    ];
    expect(constrainRange(300, ge, valueOf, limitsOf)).toEqual({ value: 300, pushes: [] });
    expect(constrainRange(220, ge, valueOf, limitsOf)).toEqual({ value: 250, pushes: [] });
    const lt: RangeConstraint[] = [{ operator: '<', reference: 'release', offset: 0, onViolation: 'clamp' }];
    expect(constrainRange(250, lt, valueOf, limitsOf)).toEqual({ value: 199, pushes: [] });
  });

  it('push: actuation ≥ release + 50 moves the release down', () => {
    const push: RangeConstraint[] = [
      { operator: '>=', reference: 'release', offset: 50, onViolation: 'push' },
    ];
    expect(constrainRange(220, push, valueOf, limitsOf)).toEqual({
      value: 220,
      pushes: [{ key: 'release', value: 170 }],
    });
  });

  it('push stops at the reference’s range; the value is clamped then', () => {
    const push: RangeConstraint[] = [
      { operator: '>=', reference: 'release', offset: 50, onViolation: 'push' },
    ];
    expect(constrainRange(20, push, valueOf, limitsOf)).toEqual({
      value: 50,
      pushes: [{ key: 'release', value: 0 }],
    });
  });

  it('whatever the inputs, the result satisfies the constraint (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('<', '<=', '>', '>=' as const),
        fc.constantFrom('clamp', 'push' as const),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 100, max: 300 }),
        fc.integer({ min: -50, max: 50 }),
        (operator, onViolation, value, ref, offset) => {
          const c: RangeConstraint = { operator, reference: 'r', offset, onViolation };
          const result = constrainRange(
            value,
            [c],
            () => ref,
            () => [-1000, 1000],
          );
          const newRef = result.pushes[0]?.value ?? ref;
          const ok = {
            '<': result.value < newRef + offset,
            '<=': result.value <= newRef + offset,
            '>': result.value > newRef + offset,
            '>=': result.value >= newRef + offset,
          }[operator];
          expect(ok).toBe(true);
        },
      ),
    );
  });
});

describe('constraints in the other direction', () => {
  const doubleTap = {
    key: 'double',
    constraints: [{ operator: '>=', reference: 'hold', offset: 50, onViolation: 'push' }] as const,
  };
  const limits = (k: string) => (k === 'hold' ? ([100, 500] as const) : ([100, 600] as const));

  it('raising the referenced value pushes the dependent one along', () => {
    const values: Record<string, number> = { hold: 200, double: 300 };
    expect(constrainDependents('hold', 500, [doubleTap], (k) => values[k], limits)).toEqual({
      value: 500,
      pushes: [{ key: 'double', value: 550 }],
    });
  });

  it('holds the referenced value back where the dependent reaches its bound', () => {
    const tight = (k: string) => (k === 'hold' ? ([100, 700] as const) : ([100, 600] as const));
    const values: Record<string, number> = { hold: 200, double: 300 };
    expect(constrainDependents('hold', 700, [doubleTap], (k) => values[k], tight)).toEqual({
      value: 550,
      pushes: [{ key: 'double', value: 600 }],
    });
  });

  it('leaves values that already satisfy the constraint alone', () => {
    const values: Record<string, number> = { hold: 200, double: 400 };
    expect(constrainDependents('hold', 300, [doubleTap], (k) => values[k], limits)).toEqual({
      value: 300,
      pushes: [],
    });
  });
});
