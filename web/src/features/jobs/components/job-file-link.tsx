import type { ComponentChildren } from 'preact';
import { jobFileHref, jobFileName, type Job } from '../api/get-job';

/** A link that downloads a job's file (with the session's cookie, as any page address). */
export const JobFileLink = ({ job, button = false, children }: { job: Job; button?: boolean; children: ComponentChildren }) => (
  <a class={button ? 'btn btn-primary' : undefined} href={jobFileHref(job.id)} download={jobFileName(job)}>
    {children}
  </a>
);
