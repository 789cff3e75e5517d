import type { Config } from './config/config.js';
import { openDatabase, type Database, type OpenOptions } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { transactor } from './db/transaction.js';
import type { Clock } from './lib/clock.js';
import { RedisLink } from './lib/redis.js';
import { AccountsRepository } from './modules/accounts/accounts.repository.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { AnalyticsRepository } from './modules/analytics/analytics.repository.js';
import { AnalyticsService } from './modules/analytics/analytics.service.js';
import { AccountWrites } from './modules/analytics/recent-writes.js';
import { primaryOnly, replicaRoute } from './db/read-route.js';
import { RollupFolderFigures } from './modules/analytics/folder-figures.js';
import { ScanHistoryService } from './modules/analytics/scan-history.service.js';
import { ContentAnalyticsService } from './modules/analytics/content-analytics.service.js';
import { AlertsRepository } from './modules/alerts/alerts.repository.js';
import { AlertsService } from './modules/alerts/alerts.service.js';
import { EventBatchRepository } from './modules/events/events.batch.repository.js';
import { MmdbGeoLocator } from './modules/events/events.geo.js';
import { EventRecorder } from './modules/events/events.recorder.js';
import { EventsRepository } from './modules/events/events.repository.js';
import { SaltsRepository, VisitorSalts } from './modules/events/events.salts.js';
import { EventsService } from './modules/events/events.service.js';
import { publicEvent } from './modules/events/events.public.js';
import type { BatchListener, RecordedEvent } from './modules/events/events.types.js';
import type { WriterLink } from './modules/events/events.writer-link.js';
import { BatchWriter, type WriterOptions } from './modules/events/events.writer.js';
import type { DeliveryStats, OutgoingEvent } from './modules/webhooks/webhooks.types.js';
import { PasswordTokensRepository } from './modules/auth/password-tokens.repository.js';
import { PasswordsService } from './modules/auth/passwords.service.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { SessionsService } from './modules/auth/sessions.service.js';
import type { CounterStore } from './modules/limits/counter-store.js';
import { FormChallenges } from './modules/forms/form.challenge.js';
import { FallbackCounterStore } from './modules/limits/counter-store.fallback.js';
import { RedisCounterStore } from './modules/limits/counter-store.redis.js';
import { SqlCounterStore } from './modules/limits/counter-store.sql.js';
import { LimitsService } from './modules/limits/limits.service.js';
import { MailRepository } from './modules/mail/mail.repository.js';
import { MailService } from './modules/mail/mail.service.js';
import { SmtpTransport } from './modules/mail/mail.smtp.js';
import type { MailTransport } from './modules/mail/mail.types.js';
import { TokensRepository } from './modules/tokens/tokens.repository.js';
import { TokensService } from './modules/tokens/tokens.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { UsersService } from './modules/users/users.service.js';
import { WebhookSender } from './modules/webhooks/webhook.sender.js';
import { WebhooksRepository, type DeliveryOutbox } from './modules/webhooks/webhooks.repository.js';
import { WebhooksService } from './modules/webhooks/webhooks.service.js';
import { CodesRepository } from './modules/codes/codes.repository.js';
import { CodesService } from './modules/codes/codes.service.js';
import { EndingsRepository } from './modules/endings/endings.repository.js';
import { EndingsService } from './modules/endings/endings.service.js';
import { LinksRepository } from './modules/links/links.repository.js';
import { LinksService } from './modules/links/links.service.js';
import type { HitRecorder } from './modules/resolver/hit-recorder.js';
import { LocalInvalidationBus, type InvalidationBus } from './modules/resolver/invalidation-bus.js';
import { RedisInvalidationBus } from './modules/resolver/invalidation-bus.redis.js';
import { ResolverRepository } from './modules/resolver/resolver.repository.js';
import { ResolverService } from './modules/resolver/resolver.service.js';
import { FoldersRepository } from './modules/folders/folders.repository.js';
import { FoldersService } from './modules/folders/folders.service.js';
import { TemplatesRepository } from './modules/templates/templates.repository.js';
import { TemplatesService } from './modules/templates/templates.service.js';
import { ScannabilityGate, SymbolsService } from './modules/symbols/symbols.service.js';
import { SetupService } from './modules/setup/setup.service.js';
import { MediaFoldersService } from './modules/media/media-folders.service.js';
import { MediaFoldersRepository, MediaRepository } from './modules/media/media.repository.js';
import { MediaService } from './modules/media/media.service.js';
import { DiskMediaStore, type MediaStore } from './modules/media/media.store.js';
import { Gs1Repository } from './modules/gs1/gs1.repository.js';
import { CampaignsRepository } from './modules/campaigns/campaigns.repository.js';
import { CampaignsService } from './modules/campaigns/campaigns.service.js';
import { CampaignAnalyticsReader } from './modules/analytics/campaign-analytics.js';
import { Gs1Service } from './modules/gs1/gs1.service.js';
import { Gs1ResolverService } from './modules/gs1/gs1-resolver.service.js';
import { ContentRepository } from './modules/content/content.repository.js';
import { contentAddresses } from './modules/content/content.address.js';
import { ContentService } from './modules/content/content.service.js';
import { PublicContentService } from './modules/content/public-content.service.js';
import { SubmissionsRepository } from './modules/content/submissions.repository.js';
import { SubmissionsService } from './modules/content/submissions.service.js';
import { publicSubmission } from './modules/content/submissions.public.js';
import { formSpec, type FormDocument, type FormInput } from './modules/forms/form.document.js';
import { submissionNotifier } from './modules/forms/form.notify.js';
import { pageSpec, type PageDocument, type PageInput } from './modules/pages/page.document.js';
import { cardSpec, type CardDocument, type CardInput } from './modules/cards/card.document.js';

/** The parts of the outside world every surface shares. */
export interface Infrastructure {
  config: Config;
  database: Database;
  counters: CounterStore;
  /** SMTP delivery when SMTP_URL is set; otherwise mail stays in the outbox. */
  mailTransport: MailTransport | null;
  /** Tells every instance's resolver cache that an ending changed. */
  bus: InvalidationBus;
  /** The Redis connections when REDIS_URL is set: watched for /healthz and the outage log. */
  redis: RedisLink | null;
  clock: Clock;
  close(): Promise<void>;
}

/** The product's services: the one domain layer that REST, CLI and MCP all call. */
export interface Services {
  clock: Clock;
  accounts: AccountsService;
  users: UsersService;
  tokens: TokensService;
  limits: LimitsService;
  webhooks: WebhooksService;
  passwords: PasswordsService;
  sessions: SessionsService;
  mail: MailService;
  codes: CodesService;
  links: LinksService;
  resolver: ResolverService;
  /** GS1 Digital Link registrations, and the GS1-conformant resolver that serves them. */
  gs1: Gs1Service;
  gs1Resolver: Gs1ResolverService;
  /** Campaigns and tags over codes, links (and forms, pages, cards). */
  campaigns: CampaignsService;
  campaignAnalytics: CampaignAnalyticsReader;
  folders: FoldersService;
  templates: TemplatesService;
  /** The HitRecorder every surface records through (the serving process calls `start`). */
  recorder: EventRecorder;
  /** The events store's upkeep (the jobs call it as the system). */
  events: EventsService;
  /** Reading events and analytics. */
  analytics: AnalyticsService;
  alerts: AlertsService;
  scanHistory: ScanHistoryService;
  symbols: SymbolsService;
  /** First run: the one-time set-up of the first account. */
  setup: SetupService;
  /** The media library's files (also what other modules read logos and images through) and folders. */
  media: MediaService;
  mediaFolders: MediaFoldersService;
  forms: ContentService<FormDocument, FormInput>;
  pages: ContentService<PageDocument, PageInput>;
  cards: ContentService<CardDocument, CardInput>;
  /** Form submissions and card enquiries. */
  submissions: SubmissionsService;
  /** The public pages of forms, pages and cards (the system acts). */
  publicContent: PublicContentService;
  /** The proof-of-work challenges of public forms that ask for one (ADR 0095). */
  formChallenges: FormChallenges;
  /** Views, unique visitors, submissions and conversion of a form, page or card. */
  contentAnalytics: ContentAnalyticsService;
  /** What the webhook delivery job works with: the outbox and the signing sender (the job closes it). */
  webhookDelivery: { outbox: DeliveryOutbox; sender: WebhookSender; stats: DeliveryStats };
}

export interface ServiceOptions {
  /** Where the resolver sends visits instead of the events recorder (tests observe hits with it). */
  recorder?: HitRecorder;
  /** Where media bytes live (default: the disk store at MEDIA_DIR). */
  mediaStore?: MediaStore;
  /** Where the recorder sends its events: by default a batch writer on this thread (ADR 0100). */
  writerLink?: WriterLink;
}

export interface InfrastructureOptions {
  clock: Clock;
  database?: OpenOptions;
  /** Prefix for Redis keys (tests isolate runs with it). */
  redisPrefix?: string;
  /** Cache invalidation without Redis when the default (this process only) is not enough: a cluster's workers. */
  localBus?: () => InvalidationBus;
}

/** Opens the store (migrating it) and the counter store chosen by the configuration. */
export async function openInfrastructure(config: Config, options: InfrastructureOptions): Promise<Infrastructure> {
  const database = openDatabase(config.databaseUrl, {
    schema: config.databaseSchema ?? undefined,
    readUrl: config.databaseReadUrl ?? undefined,
    ...options.database,
  });
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const redis = config.redisUrl ? new RedisLink(config.redisUrl) : null;
  const sqlCounters = new SqlCounterStore(database.db);
  const counters: CounterStore = redis
    ? new FallbackCounterStore(
        new RedisCounterStore(redis.connect(), options.clock, options.redisPrefix),
        sqlCounters,
        () => redis.up,
      )
    : sqlCounters;
  const mailTransport = config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : null;
  const bus: InvalidationBus = redis
    ? new RedisInvalidationBus(redis, options.redisPrefix)
    : (options.localBus?.() ?? new LocalInvalidationBus());
  return {
    config,
    database,
    counters,
    mailTransport,
    bus,
    redis,
    clock: options.clock,
    async close() {
      await mailTransport?.close();
      await bus.close();
      await counters.close();
      await redis?.close();
      await database.close();
    },
  };
}

/** A committed event as webhooks deliver it; its public shape is built only for a subscribed account. */
const outgoingEvent = (event: RecordedEvent): OutgoingEvent => ({
  id: event.id,
  accountId: event.accountId,
  type: event.type,
  occurredAt: event.occurredAt,
  get data() {
    return { ...publicEvent(event) };
  },
});

/** What each batch of events commits with: the alerts it raises and one webhook delivery per subscribed event. */
function batchListeners(alerts: AlertsService, webhooks: WebhooksService): BatchListener[] {
  return [alerts.onBatch, (trx, batch) => webhooks.enqueue(trx, batch.map(outgoingEvent)).then(() => undefined)];
}

/**
 * The batch writer on its own (a writer thread, a cluster's primary): the events' group commit over
 * `database`, with the listeners the serving process would give it.
 */
export function buildBatchWriter(database: Database, config: Config, clock: Clock, options: WriterOptions = {}): BatchWriter {
  const writer = new BatchWriter(
    { transactor: transactor(database.db), batches: new EventBatchRepository(database.bulk, clock) },
    options,
  );
  const webhooks = new WebhooksService(
    new WebhooksRepository(database),
    new AccountsRepository(database.db),
    clock,
    config.webhookAllowPrivate,
  );
  for (const listener of batchListeners(new AlertsService(new AlertsRepository(database.db), clock), webhooks)) {
    writer.onBatch(listener);
  }
  return writer;
}

/** The composition root of the domain layer: each service gets only what it uses. */
export function buildServices(
  infra: Pick<Infrastructure, 'config' | 'database' | 'counters' | 'mailTransport' | 'bus' | 'clock'>,
  options: ServiceOptions = {},
): Services {
  const { db } = infra.database;
  const { clock, bus, config } = infra;
  const tx = transactor(db);
  const saltsRepo = new SaltsRepository(db);
  const alerts = new AlertsService(new AlertsRepository(db), clock);
  const recorder = new EventRecorder(
    {
      transactor: tx,
      clock,
      geo: new MmdbGeoLocator({ files: config.events.geoipFiles, headers: config.events.geoHeaders }),
      salts: new VisitorSalts(saltsRepo, clock),
      batches: new EventBatchRepository(infra.database.bulk, clock),
    },
    { link: options.writerLink },
  );
  const accountWrites = new AccountWrites(infra.counters, clock);
  const replica = infra.database.replica;
  const events = new EventsService(
    new EventsRepository(db),
    saltsRepo,
    clock,
    () => recorder.flush(),
    replica ? accountWrites : null,
  );
  const accountsRepo = new AccountsRepository(db);
  const webhooksRepo = new WebhooksRepository(infra.database);
  const webhooks = new WebhooksService(webhooksRepo, accountsRepo, clock, config.webhookAllowPrivate);
  // In each batch's transaction, when the writer runs on this thread (elsewhere it has its own).
  if (!options.writerLink) for (const listener of batchListeners(alerts, webhooks)) recorder.onBatch(listener);
  const usersRepo = new UsersRepository(db);
  const tokensRepo = new TokensRepository(db);
  const sessionsRepo = new SessionsRepository(db);
  const passwordTokensRepo = new PasswordTokensRepository(db);
  const mail = new MailService(new MailRepository(db), infra.mailTransport, clock);
  const passwords = new PasswordsService({
    transactor: tx,
    users: usersRepo,
    accounts: accountsRepo,
    tokens: passwordTokensRepo,
    sessions: sessionsRepo,
    mail,
    publicUrl: config.publicUrl,
    clock,
  });
  const endingsRepo = new EndingsRepository(db);
  const endings = new EndingsService(tx, config.publicUrl, { accounts: accountsRepo, bus, clock });
  const codesRepo = new CodesRepository(db);
  const foldersRepo = new FoldersRepository(db);
  const mediaRepo = new MediaRepository(db);
  const mediaFoldersRepo = new MediaFoldersRepository(db);
  const media = new MediaService({
    files: mediaRepo,
    folders: mediaFoldersRepo,
    accounts: accountsRepo,
    store: options.mediaStore ?? new DiskMediaStore(config.media.dir),
    transactor: tx,
    clock,
    limits: config.media,
    publicUrl: config.publicUrl,
  });
  const scannable = new ScannabilityGate(config.publicUrl, media);
  const templates = new TemplatesService(new TemplatesRepository(db), clock, scannable);
  const contentsRepo = new ContentRepository(db);
  const codes = new CodesService({
    codes: codesRepo,
    accounts: accountsRepo,
    endings: endingsRepo,
    folders: foldersRepo,
    claims: endings,
    templates,
    scannable,
    transactor: tx,
    bus,
    clock,
    contentAddress: contentAddresses(contentsRepo, config.publicUrl),
  });
  const folders = new FoldersService(foldersRepo, codesRepo, tx, clock);
  const analyticsRepo = new AnalyticsRepository(db, replica ? replicaRoute(db, replica, accountWrites) : primaryOnly(db));
  const analytics = new AnalyticsService({
    events: analyticsRepo,
    folders,
    codes: codesRepo,
    folderFigures: new RollupFolderFigures(analyticsRepo, clock),
    clock,
  });
  const accounts = new AccountsService({ transactor: tx, accounts: accountsRepo, users: usersRepo, clock, bus });
  const resolver = new ResolverService({
    repo: new ResolverRepository(db),
    accounts: accountsRepo,
    counters: infra.counters,
    bus,
    recorder: options.recorder ?? recorder,
    clock,
    options: { publicUrl: config.publicUrl },
  });
  const gs1Repo = new Gs1Repository(db);
  const campaigns = new CampaignsService(new CampaignsRepository(db), tx, clock);
  const submissions = new SubmissionsService({
    submissions: new SubmissionsRepository(db),
    contents: contentsRepo,
    transactor: tx,
    clock,
  });
  // A stored submission is delivered to subscribed webhooks from the same transaction (ADR 0091).
  submissions.onStored(async (trx, submission) => {
    if (submission.kind !== 'submission') return;
    await webhooks.enqueue(trx, [
      {
        id: submission.id,
        accountId: submission.accountId,
        type: 'form_submission',
        occurredAt: submission.createdAt,
        data: { ...publicSubmission(submission) },
      },
    ]);
  });
  // The people a form names are told of each submission by mail, queued in the same transaction (ADR 0094).
  submissions.onStored(
    submissionNotifier({
      activeAmong: (accountId, ids, trx) => usersRepo.activeAmong(accountId, ids, trx),
      mail,
      publicUrl: config.publicUrl,
    }),
  );
  const contentDeps = {
    contents: contentsRepo,
    accounts: accountsRepo,
    clock,
    media: (accountId: string, ids: readonly string[]) => media.paths(accountId, ids),
    members: async (accountId: string, ids: readonly string[]) =>
      new Set((await usersRepo.activeAmong(accountId, ids)).map((user) => user.id)),
  };
  return {
    clock,
    accounts,
    users: new UsersService({
      transactor: tx,
      users: usersRepo,
      accounts: accountsRepo,
      tokens: tokensRepo,
      sessions: sessionsRepo,
      passwordTokens: passwordTokensRepo,
      passwords,
      mail,
      clock,
    }),
    tokens: new TokensService(tokensRepo, usersRepo, accountsRepo, clock),
    limits: new LimitsService(infra.counters, clock),
    webhooks,
    passwords,
    sessions: new SessionsService(sessionsRepo, usersRepo, accountsRepo, clock),
    mail,
    codes,
    links: new LinksService({
      links: new LinksRepository(db),
      accounts: accountsRepo,
      endings: endingsRepo,
      claims: endings,
      bus,
      clock,
    }),
    resolver,
    gs1: new Gs1Service(gs1Repo, endings, tx, clock),
    gs1Resolver: new Gs1ResolverService({
      repo: gs1Repo,
      namespaces: resolver,
      recorder: options.recorder ?? recorder,
      clock,
      publicUrl: config.publicUrl,
    }),
    campaigns,
    campaignAnalytics: new CampaignAnalyticsReader(campaigns, analyticsRepo, clock),
    folders,
    templates,
    media,
    mediaFolders: new MediaFoldersService(mediaFoldersRepo, mediaRepo, tx, clock),
    recorder,
    events,
    analytics,
    alerts,
    scanHistory: new ScanHistoryService(codes, analytics, events),
    symbols: new SymbolsService(codes, codesRepo, config.publicUrl, media),
    webhookDelivery: {
      outbox: webhooksRepo,
      sender: new WebhookSender(config.webhookAllowPrivate),
      stats: { succeeded: 0, failed: 0 },
    },
    setup: new SetupService(accountsRepo, accounts, usersRepo),
    forms: new ContentService(formSpec, contentDeps),
    pages: new ContentService(pageSpec, contentDeps),
    cards: new ContentService(cardSpec, contentDeps),
    submissions,
    contentAnalytics: new ContentAnalyticsService({ events: analyticsRepo, contents: contentsRepo, clock }),
    publicContent: new PublicContentService({
      ...contentDeps,
      submissions,
      recorder: options.recorder ?? recorder,
      publicUrl: config.publicUrl,
    }),
    formChallenges: new FormChallenges({ key: config.challengeKey, counters: infra.counters, clock }),
  };
}
