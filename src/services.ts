import type { Infrastructure } from './infrastructure.js';
import { buildContent } from './compose/content.js';
import { buildEvents } from './compose/events.js';
import { buildMedia } from './compose/media.js';
import { buildPeople } from './compose/people.js';
import { transactor } from './db/transaction.js';
import type { Clock } from './lib/clock.js';
import { AccountsRepository } from './modules/accounts/accounts.repository.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { AnalyticsRepository } from './modules/analytics/analytics.repository.js';
import { AnalyticsService } from './modules/analytics/analytics.service.js';
import { primaryOnly, replicaRoute } from './db/read-route.js';
import { RollupFolderFigures } from './modules/analytics/folder-figures.js';
import { ScanHistoryService } from './modules/analytics/scan-history.service.js';
import { ContentAnalyticsService } from './modules/analytics/content-analytics.service.js';
import { AlertsService } from './modules/alerts/alerts.service.js';
import { EventRecorder } from './modules/events/events.recorder.js';
import { EventsService } from './modules/events/events.service.js';
import type { WriterLink } from './modules/events/events.writer-link.js';
import type { DeliveryStats } from './modules/webhooks/webhooks.types.js';
import { PasswordsService } from './modules/auth/passwords.service.js';
import { SessionsService } from './modules/auth/sessions.service.js';
import { FormChallenges } from './modules/forms/form.challenge.js';
import { LimitsService } from './modules/limits/limits.service.js';
import { MailService } from './modules/mail/mail.service.js';
import { TokensService } from './modules/tokens/tokens.service.js';
import { UsersService } from './modules/users/users.service.js';
import { WebhookSender } from './modules/webhooks/webhook.sender.js';
import type { DeliveryOutbox } from './modules/webhooks/webhooks.outbox.js';
import { WebhooksService } from './modules/webhooks/webhooks.service.js';
import { CodesRepository } from './modules/codes/codes.repository.js';
import { CodesService } from './modules/codes/codes.service.js';
import { EndingsRepository } from './modules/endings/endings.repository.js';
import { EndingsService } from './modules/endings/endings.service.js';
import { LinksRepository } from './modules/links/links.repository.js';
import { LinksService } from './modules/links/links.service.js';
import type { HitRecorder } from './modules/resolver/hit-recorder.js';
import { ResolverRepository } from './modules/resolver/resolver.repository.js';
import { ResolverService } from './modules/resolver/resolver.service.js';
import { FoldersRepository } from './modules/folders/folders.repository.js';
import { FoldersService } from './modules/folders/folders.service.js';
import { TemplatesRepository } from './modules/templates/templates.repository.js';
import { TemplatesService } from './modules/templates/templates.service.js';
import { ScannabilityGate, SymbolsService } from './modules/symbols/symbols.service.js';
import { SetupService } from './modules/setup/setup.service.js';
import { MediaFoldersService } from './modules/media/media-folders.service.js';
import { MediaService } from './modules/media/media.service.js';
import type { MediaStore } from './modules/media/media.store.js';
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
import { SubmissionsService } from './modules/content/submissions.service.js';
import type { FormDocument, FormInput } from './modules/forms/form.document.js';
import type { PageDocument, PageInput } from './modules/pages/page.document.js';
import type { CardDocument, CardInput } from './modules/cards/card.document.js';

export { buildBatchWriter } from './compose/events.js';
export { openInfrastructure, Infrastructure, InfrastructureOptions } from './infrastructure.js';

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

/** The composition root of the domain layer: each service gets only what it uses. */
export function buildServices(
  infra: Pick<Infrastructure, 'config' | 'database' | 'counters' | 'mailTransport' | 'bus' | 'clock'>,
  options: ServiceOptions = {},
): Services {
  const { db } = infra.database;
  const { clock, bus, config } = infra;
  const tx = transactor(db);
  const accountsRepo = new AccountsRepository(db);
  const { alerts, recorder, events, webhooks, webhookDelivery, accountWrites } = buildEvents({
    database: infra.database,
    counters: infra.counters,
    config,
    clock,
    transactor: tx,
    accounts: accountsRepo,
    writerLink: options.writerLink,
  });
  const replica = infra.database.replica;
  const limits = new LimitsService(infra.counters, clock);
  const people = buildPeople({
    db,
    transactor: tx,
    accounts: accountsRepo,
    mailTransport: infra.mailTransport,
    bus,
    clock,
    publicUrl: config.publicUrl,
    limits,
  });
  const endingsRepo = new EndingsRepository(db);
  const endings = new EndingsService(
    tx,
    { publicUrl: config.publicUrl, listen: { host: config.host, port: config.port } },
    accountsRepo,
  );
  const codesRepo = new CodesRepository(db);
  const foldersRepo = new FoldersRepository(db);
  const { media, mediaFolders } = buildMedia({
    db,
    transactor: tx,
    accounts: accountsRepo,
    clock,
    config,
    store: options.mediaStore,
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
  const content = buildContent({
    db,
    transactor: tx,
    clock,
    publicUrl: config.publicUrl,
    contents: contentsRepo,
    accounts: accountsRepo,
    media,
    webhooks,
    analytics: analyticsRepo,
    recorder: options.recorder ?? recorder,
    mail: people.mail,
  });
  return {
    clock,
    ...people,
    limits,
    webhooks,
    webhookDelivery,
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
    mediaFolders,
    recorder,
    events,
    analytics,
    alerts,
    scanHistory: new ScanHistoryService(codes, analytics, events),
    symbols: new SymbolsService(codes, codesRepo, config.publicUrl, media),
    ...content,
    formChallenges: new FormChallenges({ key: config.challengeKey, counters: infra.counters, clock }),
  };
}
