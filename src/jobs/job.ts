/** Work a process repeats every `intervalMs`, on one instance at a time. */
export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}
