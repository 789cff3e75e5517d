import type { Tx } from '../../db/transaction.js';

export const JOB_KINDS = ['bulk', 'export', 'import'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A problem with one row of a job's input (rows count from 1, the first data row). */
export interface JobError {
  row: number;
  field: string;
  message: string;
}

export interface Job {
  id: string;
  accountId: string;
  kind: JobKind;
  status: JobStatus;
  /** Where a running job has got to, for resuming it (each kind names its own stages). */
  stage: string;
  /** What the job was asked to do (its kind's own shape). */
  params: Record<string, unknown>;
  total: number;
  done: number;
  /** The first errors (at most ERRORS_KEPT); `errorCount` says how many there were in all. */
  errors: JobError[];
  errorCount: number;
  /** Why a failed job failed, in a sentence. */
  reason: string | null;
  /** The file a finished job made (its name under JOBS_DIR), if any. */
  output: string | null;
  createdBy: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

/** How many errors a job's row keeps; all of them go to its file. */
export const ERRORS_KEPT = 1000;

/** Thrown inside a job's work when it must stop: it was cancelled, or its lease was lost, or the process stops. */
export class JobStopped extends Error {
  constructor(readonly why: 'cancelled' | 'lease lost' | 'stopping') {
    super(`job stopped: ${why}`);
  }
}

/** What a kind's work is given for one run of a job (the first, or one resuming it). */
export interface JobRun {
  readonly job: Job;
  /** The job's input file, when it was given one. */
  readonly input: string;
  /** Where the job writes its file with this extension (`csv`, `zip`). */
  outputPath(extension: string): string;
  /** Records the size of the work. */
  setTotal(total: number): Promise<void>;
  /** Records the stage reached (in `tx`, with the work that reached it, when given). */
  setStage(stage: string, tx?: Tx): Promise<void>;
  /**
   * Records how much is done, in `tx` with the work it counts when given, so a resumed job starts
   * after exactly what was committed. Throws JobStopped when the job was cancelled or is no longer
   * this instance's, so the transaction rolls back.
   */
  advance(done: number, tx?: Tx): Promise<void>;
  /** Throws JobStopped when the job must stop (for work between progress records). */
  checkpoint(): void;
}

/** How a run ended: its file (and the rows it left out, for work that goes on past them), or a failure with a reason and the errors found. */
export type JobOutcome =
  | { status: 'succeeded'; output: string | null; errors?: JobError[]; errorCount?: number }
  | { status: 'failed'; reason: string; errors?: JobError[]; errorCount?: number; output?: string | null };

/** The work of one kind of job. */
export interface JobWork {
  run(run: JobRun): Promise<JobOutcome>;
}
