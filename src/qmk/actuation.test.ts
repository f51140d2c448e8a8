import { describe, expect, it } from 'vitest';
import { defaultDks, dksTravelProblem } from './actuation.ts';

describe('DKS travels the keyboard can act on', () => {
  it('the defaults (0.7, 3.5, 3.5, 0.7 mm) and the editor’s own examples are fine', () => {
    expect(dksTravelProblem(defaultDks(0, 0, 0).actuation)).toBeNull();
    // Releasing from the bottom deeper than bottoming out fires on the first way up: allowed.
    expect(dksTravelProblem([70, 320, 350, 70])).toBeNull();
  });

  it('a travel of 0, past 4 mm or not whole units is out of range (the first such stage is named)', () => {
    expect(dksTravelProblem([70, 0, 350, 70])).toEqual({ kind: 'range', stage: 1 });
    expect(dksTravelProblem([70, 350, 401, 70])).toEqual({ kind: 'range', stage: 2 });
    expect(dksTravelProblem([70.5, 350, 350, 70])).toEqual({ kind: 'range', stage: 0 });
  });

  it('bottoming out at or above the first press, or the last release at or below the release from the bottom', () => {
    expect(dksTravelProblem([200, 200, 350, 70])).toEqual({ kind: 'pressAfterBottom' });
    expect(dksTravelProblem([300, 100, 350, 70])).toEqual({ kind: 'pressAfterBottom' });
    expect(dksTravelProblem([70, 350, 100, 100])).toEqual({ kind: 'lastReleaseBeforeRelease' });
    expect(dksTravelProblem([70, 350, 100, 300])).toEqual({ kind: 'lastReleaseBeforeRelease' });
  });
});
