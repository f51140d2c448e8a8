import type { JobProgress } from '../services/bootloaderFlash.ts';

/** Passes on one progress report per phase (and part) and per 1%: a 60 KB flash reports hundreds of blocks. */
export function everyPercent(show: (progress: JobProgress) => void): (progress: JobProgress) => void {
  let shown: JobProgress | null = null;
  const percent = (p: JobProgress) => Math.floor((p.done * 100) / Math.max(1, p.total));
  return (progress) => {
    if (
      shown &&
      shown.phase === progress.phase &&
      shown.part === progress.part &&
      percent(shown) === percent(progress)
    )
      return;
    shown = progress;
    show(progress);
  };
}
