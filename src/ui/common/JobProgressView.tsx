import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { DeviceJobsState } from '../../state/deviceJobs.ts';
import './progress.css';
import './transfer.css';

/**
 * How far the running device job is (a layout load, a macro save): what it is doing, announced politely as it
 * moves from step to step, and the steps done as a bar. The live region stays in the page, empty while no job
 * runs, so the first step is announced too.
 */
export function JobProgressView({ jobs }: { jobs: StoreApi<DeviceJobsState> }) {
  const { t } = useTranslation('safety');
  const progress = useStore(jobs, (s) => s.progress);
  return (
    <div className={progress ? 'transfer-progress' : undefined} data-testid="job-progress">
      <span role="status">
        {progress && t('job.doing', { job: t(`job.${progress.job}`), step: t(`job.step.${progress.step}`) })}
      </span>
      {progress && progress.total > 0 && (
        <>
          <progress max={progress.total} value={progress.done} aria-label={t(`job.step.${progress.step}`)} />
          <span className="transfer-figures">
            {progress.done} / {progress.total}
          </span>
        </>
      )}
    </div>
  );
}
