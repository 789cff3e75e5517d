/**
 * A command's answer when a person may read it: `json` as every command prints it (with --json, or
 * when stderr is not a terminal), `text` for a person at a terminal instead. With a `failure` the
 * work the command ran failed: the exit is non-zero, the JSON still printed on stdout and the
 * failure on stderr, or the text on stderr.
 */
export class Report {
  constructor(
    readonly json: object,
    readonly text: string,
    readonly failure: string | null = null,
  ) {}
}
