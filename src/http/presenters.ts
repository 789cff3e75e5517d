import type { Config } from '../config/config.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { presentAlert } from './api/v1/alerts/presenter.js';
import {
  presentAccountAnalytics,
  presentClearScans,
  presentCodeAnalytics,
  presentLinkAnalytics,
} from './api/v1/analytics/presenter.js';
import { presentCampaign } from './api/v1/campaigns/presenter.js';
import { presentCode } from './api/v1/codes/presenter.js';
import { presentEvent } from './api/v1/events/presenter.js';
import { presentFolder, presentFolderAnalytics } from './api/v1/folders/presenter.js';
import { presentCreatedHook, presentDelivery, presentHook } from './api/v1/hooks/presenter.js';
import { presentGs1 } from './api/v1/gs1/presenter.js';
import { presentJob } from './api/v1/jobs/presenter.js';
import { presentLink } from './api/v1/links/presenter.js';
import { presentRepoint, presentUtmTemplate } from './api/v1/lifecycle/presenter.js';
import { presentMe } from './api/v1/me/presenter.js';
import { presentMedia, presentMediaFolder } from './api/v1/media/presenter.js';
import { presentTemplate } from './api/v1/templates/presenter.js';
import { presentUser } from './api/v1/users/presenter.js';
import { presentToken } from './app/tokens.presenter.js';
import { presentContent } from './api/v1/content/presenter.js';
import { publicEnquiry, publicSubmission, type Content } from '../content/index.js';

/**
 * The public JSON of every resource, bound to the configuration once. REST routes, MCP tools and the
 * CLI all present through the same object, so a resource looks the same on every surface.
 */
export function buildPresenters(config: Pick<Config, 'publicUrl'>, clock: Clock = systemClock) {
  const { publicUrl } = config;
  return {
    code: (code: Parameters<typeof presentCode>[0]) => presentCode(code, publicUrl, clock.now()),
    link: (link: Parameters<typeof presentLink>[0]) => presentLink(link, publicUrl, clock.now()),
    repoint: presentRepoint,
    utmTemplate: presentUtmTemplate,
    gs1: (entry: Parameters<typeof presentGs1>[0]) => presentGs1(entry, publicUrl),
    campaign: presentCampaign,
    job: presentJob,
    folder: presentFolder,
    media: (file: Parameters<typeof presentMedia>[0]) => presentMedia(file, publicUrl),
    mediaFolder: presentMediaFolder,
    folderAnalytics: presentFolderAnalytics,
    template: presentTemplate,
    hook: presentHook,
    createdHook: presentCreatedHook,
    delivery: presentDelivery,
    event: presentEvent,
    alert: presentAlert,
    codeAnalytics: presentCodeAnalytics,
    linkAnalytics: presentLinkAnalytics,
    accountAnalytics: presentAccountAnalytics,
    clearScans: presentClearScans,
    user: presentUser,
    me: presentMe,
    token: presentToken,
    content: <D extends object>(content: Content<D>) => presentContent(content, publicUrl),
    submission: publicSubmission,
    enquiry: publicEnquiry,
  };
}

export type Presenters = ReturnType<typeof buildPresenters>;
