import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { Identity } from '../identity/index.js';
import type { Platform } from '../platform/index.js';
import { BulkCreate } from './bulk/bulk.service.js';
import { PrintRuns } from './prints/print-runs.service.js';
import { importFetch } from './imports/import.fetch.js';
import { MovingIn } from './imports/import.service.js';
import { apiReaders, fileReaders } from './imports/sources/index.js';
import { CampaignsRepository } from './campaigns/store/campaigns.repository.js';
import { CampaignsService } from './campaigns/campaigns.service.js';
import type { CodeLookup } from './codes/code-lookup.js';
import type { CreateCodeInput } from './codes/codes.types.js';
import { CodesRepository } from './codes/store/codes.repository.js';
import { CodesService, type ContentAddress } from './codes/codes.service.js';
import { SymbolsService } from './codes/symbols.service.js';
import { EndingsRepository } from './endings/store/endings.repository.js';
import { EndingsService } from './endings/endings.service.js';
import { FoldersRepository } from './folders/store/folders.repository.js';
import { FoldersService } from './folders/folders.service.js';
import type { Gs1Lookup } from './gs1/gs1-lookup.js';
import { Gs1Repository } from './gs1/store/gs1.repository.js';
import { Gs1Service } from './gs1/gs1.service.js';
import { MediaFoldersService } from './media/media-folders.service.js';
import { MediaFoldersRepository, MediaRepository } from './media/store/media.repository.js';
import { MediaService } from './media/media.service.js';
import { DiskMediaStore, type MediaStore } from './media/media.store.js';
import { Imaging } from './imaging/imaging.js';
import { ScannabilityGate } from './symbols/scannability.gate.js';
import { TemplatesRepository } from './templates/store/templates.repository.js';
import { TemplatesService } from './templates/templates.service.js';
import { ExpiriesService } from './lifecycle/expiries.service.js';
import { RepointsService } from './lifecycle/repoints.service.js';
import { UtmTemplatesService } from './lifecycle/utm-templates.service.js';
import { ExpiriesRepository } from './lifecycle/store/expiries.repository.js';
import { RepointsRepository } from './lifecycle/store/repoints.repository.js';
import { UtmTemplatesRepository } from './lifecycle/store/utm-templates.repository.js';

/** Codes and links with their endings, designs and symbols, folders, templates, campaigns, GS1 keys and the media library. */
export interface Catalog {
  codes: CodesService;
  /** Short links: the same service over the rows of kind 'link'. */
  links: CodesService;
  /** Scheduled destination changes of codes and links. */
  repoints: RepointsService;
  /** Saved UTM parameters. */
  utmTemplates: UtmTemplatesService;
  /** The announcing of expiries (alerts and webhooks listen). */
  expiries: ExpiriesService;
  endings: EndingsService;
  folders: FoldersService;
  templates: TemplatesService;
  campaigns: CampaignsService;
  /** GS1 Digital Link registrations. */
  gs1: Gs1Service;
  symbols: SymbolsService;
  /** Bulk create: the work of `bulk` jobs. */
  bulk: BulkCreate;
  /** Print runs: the work of `export` jobs. */
  printRuns: PrintRuns;
  /** Moving in from other services: the work of `import` jobs. */
  movingIn: MovingIn;
  /** The worker threads images are made on (started on first use; closed with the process). */
  imaging: Imaging;
  /** The media library's files (what logos and page images are read through) and folders. */
  media: MediaService;
  mediaFolders: MediaFoldersService;
  /** What other contexts read of codes and GS1 keys. */
  codeLookup: CodeLookup;
  gs1Lookup: Gs1Lookup;
}

export interface CatalogParts {
  db: Database['db'];
  config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'media' | 'jobs' | 'webhookAllowPrivate'>;
  /** Where media bytes live (default: the disk store at MEDIA_DIR). */
  mediaStore?: MediaStore;
  /** The public address of an account's form, page or card, for codes that point at one. */
  contentAddress: ContentAddress;
  /** One bulk row checked against the create body's schema (the API's own, so the rules cannot drift). */
  checkCodeRow: (value: unknown) => CreateCodeInput;
}

export function buildCatalog(platform: Platform, identity: Pick<Identity, 'accountLookup'>, parts: CatalogParts): Catalog {
  const { db, config } = parts;
  const { transactor, clock, bus } = platform;
  const accounts = identity.accountLookup;
  const endingsRepo = new EndingsRepository(db);
  const endings = new EndingsService(
    transactor,
    { publicUrl: config.publicUrl, listen: { host: config.host, port: config.port } },
    accounts,
  );
  const imaging = new Imaging();
  const mediaRepo = new MediaRepository(db);
  const mediaFoldersRepo = new MediaFoldersRepository(db);
  const media = new MediaService({
    files: mediaRepo,
    folders: mediaFoldersRepo,
    accounts,
    store: parts.mediaStore ?? new DiskMediaStore(config.media.dir),
    transactor,
    clock,
    limits: config.media,
    publicUrl: config.publicUrl,
    imaging,
  });
  const scannable = new ScannabilityGate(config.publicUrl, media, imaging);
  const templates = new TemplatesService(new TemplatesRepository(db), clock, scannable);
  const codesRepo = new CodesRepository(db);
  const foldersRepo = new FoldersRepository(db);
  const codeParts = {
    accounts,
    endings: endingsRepo,
    folders: foldersRepo,
    claims: endings,
    templates,
    scannable,
    transactor,
    bus,
    clock,
    contentAddress: parts.contentAddress,
    imagePath: async (accountId: string, id: string) => {
      const path = (await media.paths(accountId, [id])).get(id);
      return path && /\.(png|jpe?g|webp|gif)$/.test(path) ? path : null;
    },
  };
  const codes = new CodesService({ ...codeParts, codes: codesRepo });
  const linksRepo = new CodesRepository(db, 'link');
  const links = new CodesService({ ...codeParts, codes: linksRepo });
  const gs1Repo = new Gs1Repository(db);
  const bulk = new BulkCreate({
    jobs: platform.jobs,
    codes,
    repository: codesRepo,
    endings: endingsRepo,
    folders: foldersRepo,
    scannable,
    publicUrl: config.publicUrl,
    maxInputBytes: config.jobs.maxInputBytes,
    checkRow: parts.checkCodeRow,
  });
  const symbols = new SymbolsService(codes, links, codesRepo, config.publicUrl, media, imaging);
  const campaignsRepo = new CampaignsRepository(db);
  const movingIn = new MovingIn({
    jobs: platform.jobs,
    codes,
    codesRepo,
    links,
    linksRepo,
    endings: endingsRepo,
    claims: endings,
    tags: campaignsRepo,
    accounts,
    transactor,
    bus,
    fileReaders,
    apiReaders,
    fetch: importFetch(config.webhookAllowPrivate),
    maxInputBytes: config.jobs.maxInputBytes,
  });
  return {
    bulk,
    movingIn,
    printRuns: new PrintRuns({
      jobs: platform.jobs,
      codes: codesRepo,
      folders: foldersRepo,
      symbols,
      sheets: imaging,
      publicUrl: config.publicUrl,
    }),
    codes,
    links,
    repoints: new RepointsService({ repoints: new RepointsRepository(db), claims: endings, transactor, bus, clock }),
    utmTemplates: new UtmTemplatesService(new UtmTemplatesRepository(db), clock),
    expiries: new ExpiriesService(new ExpiriesRepository(db), transactor, clock),
    endings,
    folders: new FoldersService(foldersRepo, codesRepo, transactor, clock),
    templates,
    campaigns: new CampaignsService(campaignsRepo, transactor, clock),
    gs1: new Gs1Service(gs1Repo, endings, transactor, clock),
    symbols,
    imaging,
    media,
    mediaFolders: new MediaFoldersService(mediaFoldersRepo, mediaRepo, transactor, clock),
    codeLookup: codesRepo,
    gs1Lookup: gs1Repo,
  };
}
