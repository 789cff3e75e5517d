import type { CliContext } from './context.js';
import { account } from './commands/account.js';
import { backup, restore } from './commands/backup.js';
import { code } from './commands/code.js';
import { gs1 } from './commands/gs1.js';
import { link } from './commands/link.js';
import { mail } from './commands/mail.js';
import { token } from './commands/token.js';
import { user } from './commands/user.js';
import { UsageError } from './args.js';

export type { CliContext } from './context.js';

type Command = (context: CliContext, sub: string | undefined, argv: string[]) => Promise<object>;

const COMMANDS: Record<string, Command> = { account, token, user, mail, code, link, gs1 };

/** Commands that open no store of their own (or must not hold one open). */
const STANDALONE: Record<string, (argv: string[]) => Promise<object>> = {
  backup,
  restore,
  // Only this command needs the HTTP app, whose loading would otherwise slow every other command's start.
  openapi: async (argv) => (await import('./commands/openapi.js')).openapi(argv),
};

export const USAGE = `usage: qrelay <command> [options] --json
  account create --name NAME --plan free|starter|business|enterprise [--owner-email EMAIL] [--domain HOST]
                 [--monthly-allowance N] [--rate-per-minute N]
  account suspend ACCOUNT_ID
  token create --account ID --scopes a:read,b:write [--user USER_ID] [--name LABEL] [--expires-at ISO8601]
  token revoke TOKEN_ID
  user create --account ID --email EMAIL --role member|editor|admin [--name NAME]
  user password-link --email EMAIL [--account ID]   a one-time address where that person sets a password
  mail list [--limit N] [--to EMAIL]        newest first; without SMTP_URL the outbox holds every message
  backup --out FILE [--force]               consistent copy of the SQLite store, safe while serving
  restore --from FILE [--force]             brings a backup back as the SQLite store (stop qrelay first)
  openapi [--out FILE] [--dashboard]        the OpenAPI document, without a server or a store (--dashboard:
                                            with the dashboard's own routes, for its client types)
  code image CODE_ID --out FILE [--format svg|png|pdf] [--size N]
                                            N: pixels (svg, png; default 1024) or millimetres (pdf; default 50)
  code import FILE --account ID [--format csv|json] [--dry-run] [--out FILE]
                                            creates the account's codes from CSV (header row: name,url required;
                                            mode,shortCode,folderId,templateId optional) or JSON { "codes": [...] },
                                            as its owner; every row is checked first, and with any bad row nothing
                                            is created (each printed as "row N, field: message", exit 1); --out
                                            copies the list of codes made (row,id,name,shortCode,url,encode)
  code export --account ID (--codes ID,ID,... | --folder ID | --job BULK_JOB_ID) --out FILE.zip
              [--format png|svg|pdf] [--size N] [--sheet A4|Letter [--columns N] [--rows N] [--margin MM]
              [--gap MM] [--caption name|shortCode|none]]
                                            a print run: every symbol drawn and decoded, one image per code and
                                            manifest.csv in a ZIP (with --sheet, label sheets too)
  link import --account ID --source bitly|shlink|yourls|kutt|dub|csv (FILE | --url URL --api-key KEY)
              [--as links|codes] [--dry-run] [--out FILE]
                                            moves links in from another service, as the account's owner: its
                                            export file (bitly, shlink, yourls, dub, csv) or its API (shlink,
                                            yourls, kutt); the key may come from QRELAY_IMPORT_API_KEY instead
                                            of --api-key. A row that cannot come is left out ("row N, field:
                                            message") and the others come, exit 0; --out copies the report
                                            (row,result,id,shortCode,url,name,message)
  gs1 prefix assign --account ID --prefix DIGITS
                                            on the service's host only that account registers GS1 keys under
                                            the company prefix (4 to 12 digits; heldByOthers counts keys
                                            others registered under it before)
  gs1 prefix list [--account ID]
  gs1 prefix remove --prefix DIGITS

code import, code export and link import run their job in this process (or follow it, when a running server took it);
on a terminal, without --json, they draw its progress on stderr and print a summary for a person.`;

/** Runs a standalone command, or returns null when the command needs the services. */
export async function runStandalone(argv: string[]): Promise<object | null> {
  const [name, ...rest] = argv;
  const command = name ? STANDALONE[name] : undefined;
  return command ? command(rest.filter((arg) => arg !== '--json')) : null;
}

/** Runs one admin command against the services and returns its result object. */
export async function runCommand(context: CliContext, argv: string[]): Promise<object> {
  const [name, sub, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(name ? `unknown command "${name}"` : 'a command is required');
  return command(context, sub, rest);
}
