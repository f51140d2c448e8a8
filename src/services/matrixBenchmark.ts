export interface MatrixBenchmark {
  reads: number;
  perSecond: number;
  meanMs: number;
  maxMs: number;
}

/** Times `reads` back-to-back switch-matrix reads (the Debug pane's switch-state benchmark). */
export async function benchmarkSwitchMatrix(
  read: () => Promise<unknown>,
  reads: number,
  now: () => number,
): Promise<MatrixBenchmark> {
  const times: number[] = [];
  const start = now();
  for (let i = 0; i < reads; i++) {
    const t0 = now();
    await read();
    times.push(now() - t0);
  }
  const total = Math.max(now() - start, 1e-6);
  return {
    reads,
    perSecond: (reads / total) * 1000,
    meanMs: times.reduce((a, b) => a + b, 0) / reads,
    maxMs: times.reduce((a, b) => Math.max(a, b), -Infinity),
  };
}
