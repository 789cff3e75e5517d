import type { ColumnType, Generated } from 'kysely';

/**
 * The tables as the query layer sees them. Times are epoch milliseconds (bigint on PostgreSQL,
 * integer on SQLite); JSON documents are stored as text.
 */
export interface AccountsTable {
  id: string;
  name: string;
  plan: string;
  status: string;
  domain: string | null;
  monthly_allowance: number | null;
  rate_per_minute: number | null;
  max_codes: number | null;
  created_at: number;
  /** 1 when every person must sign in with a second factor. */
  require_two_factor: Generated<number>;
}

export interface UsersTable {
  id: string;
  account_id: string;
  email: string;
  name: string | null;
  role: string;
  status: string;
  password_hash: string | null;
  created_at: number;
  last_sign_in_at: number | null;
}

export interface ApiTokensTable {
  id: string;
  account_id: string;
  user_id: string;
  name: string | null;
  token_hash: string;
  scopes: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
}

export interface CountersTable {
  key: string;
  count: number;
  expires_at: number;
}

export interface WebhooksTable {
  id: string;
  account_id: string;
  url: string;
  events: string;
  secret: string;
  status: string;
  disabled_reason: string | null;
  failing_since: number | null;
  created_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  account_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  last_status: number | null;
  last_error: string | null;
  response_excerpt: string | null;
  created_at: number;
  completed_at: number | null;
}

export interface SessionsTable {
  id: string;
  account_id: string;
  user_id: string;
  secret_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** The browser and system the session was started from, as a label ("Firefox on Windows"). */
  agent: string | null;
  last_used_at: number | null;
  /** `full`, or `second_factor` while the password is right and the second factor not yet given. */
  stage: Generated<string>;
}

export interface PasswordTokensTable {
  id: string;
  account_id: string;
  user_id: string;
  /** `invitation`, `reset` or `email` (confirming a new address). */
  purpose: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The new address an `email` link confirms. */
  email: string | null;
}

/** A person's authenticator app (TOTP, RFC 6238): usable once confirmed with a first code. */
export interface TotpCredentialsTable {
  user_id: string;
  account_id: string;
  /** The shared secret, base32. */
  secret: string;
  created_at: number;
  confirmed_at: number | null;
  /** The last time step a code was accepted for; a code of that step or earlier is refused. */
  last_step: number;
}

/** A person's passkey: a WebAuthn credential's public key, its signature counter and transports. */
export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: string;
  account_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** Comma-separated transports the authenticator named ("internal,hybrid"). */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A WebAuthn ceremony's challenge, usable once and for a few minutes (a sign-in's has no person yet). */
export interface WebauthnChallengesTable {
  id: string;
  challenge: string;
  user_id: string | null;
  expires_at: number;
}

/** One-time recovery codes, stored as SHA-256 hashes. */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

export interface MailOutboxTable {
  id: string;
  account_id: string | null;
  kind: string;
  recipient: string;
  subject: string;
  /** Plain text; emptied once delivered by SMTP, since it may carry a single-use link. */
  body: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  sent_at: number | null;
  failed_at: number | null;
  last_error: string | null;
}

export interface EndingsTable {
  domain: string;
  short_code: string;
  kind: string;
  target_id: string;
  account_id: string;
  created_at: number;
}

export interface CodesTable {
  id: string;
  account_id: string;
  /** 'code', or 'link' for a short link: a code shown by its address rather than its symbol. */
  kind: ColumnType<string, string | undefined, string>;
  name: string;
  name_lower: string;
  mode: string;
  status: string;
  domain: string;
  short_code: string | null;
  destination: string;
  design: string;
  rules: string;
  gate_hash: string | null;
  folder_id: string | null;
  /** The hosted content the code leads to (`form`, `page`, `card`), or null for an address. */
  content_kind: string | null;
  content_id: string | null;
  imported_source: ColumnType<string | null, string | null | undefined, string | null>;
  imported_total: ColumnType<number | null, number | null | undefined, number | null>;
  /** Expiry: by date, by count of counted visits (`uses` taken against `max_scans`), and where an expired one sends. */
  expires_at: ColumnType<number | null, number | null | undefined, number | null>;
  max_scans: ColumnType<number | null, number | null | undefined, number | null>;
  expired_url: ColumnType<string | null, string | null | undefined, string | null>;
  uses: ColumnType<number, number | undefined, number>;
  /** When the expiry was announced (alerts, webhooks); null while not expired or not yet announced. */
  expired_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON: the UTM parameters appended to the destination, and the social preview. */
  utm: ColumnType<string | null, string | null | undefined, string | null>;
  preview: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: number;
  updated_at: number;
}

/** A destination change scheduled for a dynamic code or link. */
export interface RepointsTable {
  id: string;
  account_id: string;
  code_id: string;
  url: string;
  at: number;
  /** pending, done or cancelled */
  status: string;
  created_at: number;
  applied_at: number | null;
}

/** An account's saved UTM parameters (JSON), by name. */
export interface UtmTemplatesTable {
  id: string;
  account_id: string;
  name: string;
  name_lower: string;
  utm: string;
  created_at: number;
  updated_at: number;
}

export interface FoldersTable {
  id: string;
  account_id: string;
  name: string;
  name_lower: string;
  created_at: number;
  updated_at: number;
}

/** Folders of the media library: the same columns as folders of codes. */
export type MediaFoldersTable = FoldersTable;

export interface MediaFilesTable {
  id: string;
  account_id: string;
  folder_id: string | null;
  name: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  created_at: number;
  updated_at: number;
}

export interface TemplatesTable {
  id: string;
  account_id: string;
  name: string;
  name_lower: string;
  /** The complete design document, as JSON. */
  design: string;
  created_at: number;
  updated_at: number;
}

/** Events in the order recorded; every key is an integer of the tables below, every dimension a value code. */
export interface EventsTable {
  seq: Generated<number>;
  account: number;
  target: number;
  /** `TYPE_CODES` of traffic/events/events.types.ts. */
  type: number;
  /** When it occurred (ms since 1970). */
  at: number;
  placement: number | null;
  country: number | null;
  region: number | null;
  city: number | null;
  os: number | null;
  device: number | null;
  browser: number | null;
}

/** An account's integer inside the events store. */
export interface EventAccountsTable {
  id: Generated<number>;
  key: string;
}

/** A target's (code, link, content, GS1 key) integer inside the events store, with its lifetime total. */
export interface EventTargetsTable {
  id: Generated<number>;
  account: number;
  key: string;
  total: Generated<number>;
}

/** The dictionary of dimension values (a country, an OS, an event type for the rollups, …). */
export interface EventValuesTable {
  id: Generated<number>;
  dimension: string;
  value: string;
}

/**
 * Per target and UTC day (days since 1970): counted events, unique visitors, and events per value
 * code packed by traffic/events/store/counts.ts.
 */
export interface EventDaysTable {
  target: number;
  day: number;
  events: number;
  uniques: number;
  counts: Uint8Array;
}

/** The same per month (months since 1970-01); only months up to the latest in `rollup_months` are read. */
export interface EventMonthsTable {
  target: number;
  month: number;
  events: number;
  uniques: number;
  counts: Uint8Array;
}

/**
 * Months whose monthly rows have been built from the daily ones (months since 1970-01). Every
 * month up to the latest one here is compacted.
 */
export interface RollupMonthsTable {
  month: number;
  compacted_at: number;
}

export interface ExcludedHitsTable {
  target: number;
  day: number;
  hits: number;
}

/** Per journal folder, the position of the last line whose event is committed. */
export interface EventMarksTable {
  journal: string;
  position: number;
}

export interface VisitorSaltsTable {
  day: number;
  salt: string;
  created_at: number;
}

export interface DailyVisitorsTable {
  day: number;
  target: number;
  /** The first 16 hex digits of the visitor's keyed hash. */
  visitor: string;
}

export interface AlertRulesTable {
  id: string;
  account_id: string;
  code_id: string;
  kind: string;
  threshold: number | null;
  created_at: number;
}

export interface AlertsTable {
  id: string;
  account_id: string;
  rule_id: string;
  code_id: string;
  kind: string;
  day: number;
  scans: number;
  raised_at: number;
}

/** A form, landing page or business card: its kind's own fields are the JSON `document`. */
export interface ContentsTable {
  id: string;
  account_id: string;
  /** `form`, `page` or `card`. */
  kind: string;
  name: string;
  /** `draft`, `published` or `unpublished`. */
  status: string;
  /** The account's custom domain when it was created ('' for the service's own). */
  domain: string;
  /** The readable public address's last part (`/f/<slug>`), unique per domain; null: the id only. */
  slug: string | null;
  document: string;
  /** Replies older than this many days are deleted; null keeps them. */
  retention_days: number | null;
  created_at: number;
  updated_at: number;
}

/** A reply sent through hosted content: a form's submission or a card's enquiry. */
export interface SubmissionsTable {
  id: string;
  account_id: string;
  content_id: string;
  /** `submission` (a form's) or `enquiry` (a card's). */
  kind: string;
  /** The answers keyed by field key, as JSON. */
  answers: string;
  created_at: number;
}

export interface Gs1KeysTable {
  id: string;
  account_id: string;
  /** The key's namespace: '' for the service's own host, else the account's custom domain. */
  domain: string;
  /** Canonical Digital Link path without the leading slash: `01/09506000134352/10/ABC`. */
  key: string;
  primary_ai: string;
  created_at: number;
  updated_at: number;
}

/** A GS1 company prefix the operator assigned to an account: on the service's host only it registers keys under it. */
export interface Gs1PrefixesTable {
  prefix: string;
  account_id: string;
  created_at: number;
}

export interface Gs1LinksTable {
  key_id: string;
  position: number;
  link_type: string;
  href: string;
  lang: string | null;
  media_type: string | null;
  title: string;
  /** 1 for the key's one default link, else 0. */
  is_default: number;
}

export interface CampaignsTable {
  id: string;
  account_id: string;
  name: string;
  name_lower: string;
  starts_at: number | null;
  ends_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CampaignMembersTable {
  account_id: string;
  member_type: string;
  member_id: string;
  campaign_id: string;
  added_at: number;
}

export interface TaggingsTable {
  account_id: string;
  target_type: string;
  target_id: string;
  tag: string;
  tag_lower: string;
}

/** Who runs a periodic job until when (jobs/leases.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: number;
}

export interface JobsTable {
  id: string;
  account_id: string;
  kind: string;
  status: string;
  stage: ColumnType<string, string | undefined, string>;
  params: string;
  total: ColumnType<number, number | undefined, number>;
  done: ColumnType<number, number | undefined, number>;
  errors: ColumnType<string, string | undefined, string>;
  error_count: ColumnType<number, number | undefined, number>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  output: ColumnType<string | null, string | null | undefined, string | null>;
  idempotency_key: string | null;
  request_hash: string | null;
  created_by: string | null;
  holder: ColumnType<string | null, string | null | undefined, string | null>;
  lease_until: ColumnType<number, number | undefined, number>;
  created_at: number;
  started_at: ColumnType<number | null, number | null | undefined, number | null>;
  finished_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface Schema {
  job_leases: JobLeasesTable;
  jobs: JobsTable;
  accounts: AccountsTable;
  users: UsersTable;
  api_tokens: ApiTokensTable;
  counters: CountersTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  sessions: SessionsTable;
  password_tokens: PasswordTokensTable;
  totp_credentials: TotpCredentialsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  mail_outbox: MailOutboxTable;
  endings: EndingsTable;
  codes: CodesTable;
  repoints: RepointsTable;
  utm_templates: UtmTemplatesTable;
  folders: FoldersTable;
  templates: TemplatesTable;
  media_folders: MediaFoldersTable;
  media_files: MediaFilesTable;
  events: EventsTable;
  event_accounts: EventAccountsTable;
  event_targets: EventTargetsTable;
  event_values: EventValuesTable;
  event_days: EventDaysTable;
  event_months: EventMonthsTable;
  event_marks: EventMarksTable;
  rollup_months: RollupMonthsTable;
  excluded_hits: ExcludedHitsTable;
  visitor_salts: VisitorSaltsTable;
  daily_visitors: DailyVisitorsTable;
  alert_rules: AlertRulesTable;
  alerts: AlertsTable;
  contents: ContentsTable;
  submissions: SubmissionsTable;
  gs1_keys: Gs1KeysTable;
  gs1_links: Gs1LinksTable;
  gs1_prefixes: Gs1PrefixesTable;
  campaigns: CampaignsTable;
  campaign_members: CampaignMembersTable;
  taggings: TaggingsTable;
}
