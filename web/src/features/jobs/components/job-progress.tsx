import { useId } from 'preact/hooks';
import type { Job } from '../api/get-job';
import { jobStage } from '../api/job-stage';

/**
 * A job's progress bar (`role="progressbar"` with its value) and, in a live region, the stage it is in:
 * a stage change is announced, not every count.
 */
export function JobProgress({ job, label }: { job: Job; label: string }) {
  const id = useId();
  const stage = jobStage(job);
  return (
    <div class="job-progress">
      <div class="job-progress-head">
        <span id={id} class="job-progress-label">
          {label}
        </span>
        <span class={`badge badge-${job.status}`}>{stage.name}</span>
      </div>
      <div
        class={`progress progress-${job.status}${stage.sweeping ? ' progress-sweeping' : ''}`}
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={stage.percent}
        aria-valuetext={`${stage.name}: ${stage.detail}`}
      >
        <span class="progress-fill" style={{ width: `${stage.percent}%` }} />
      </div>
      <p class="muted job-progress-detail">{stage.detail}</p>
      <p class="visually-hidden" role="status">
        {stage.name}
      </p>
    </div>
  );
}
