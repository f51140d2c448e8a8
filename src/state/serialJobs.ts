/**
 * Runs jobs one after another, each after the previous one settled (a failed job does not stop the next): what
 * a store does with a keyboard's requests so a read never interleaves with a write.
 */
export function serialJobs(): <T>(job: () => Promise<T>) => Promise<T> {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(job: () => Promise<T>): Promise<T> => {
    const next = chain.catch(() => undefined).then(job);
    chain = next;
    return next;
  };
}
