import type { Static } from '@sinclair/typebox';
import { iso } from '../../../../lib/clock.js';
import type { FolderAnalytics as FolderAnalyticsRecord } from '../../../../traffic/index.js';
import type { FolderWithCount } from '../../../../catalog/index.js';
import { presentCodeFigures, presentExtras, presentSeries } from '../analytics/presenter.js';
import type { Folder, FolderAnalytics } from './schema.js';

export const presentFolder = (folder: FolderWithCount): Static<typeof Folder> => ({
  id: folder.id,
  name: folder.name,
  codeCount: folder.codeCount,
  createdAt: iso(folder.createdAt),
  updatedAt: iso(folder.updatedAt),
});

export const presentFolderAnalytics = (figures: FolderAnalyticsRecord): Static<typeof FolderAnalytics> => ({
  days: figures.days,
  scans: figures.scans,
  uniqueVisitors: figures.uniqueVisitors,
  codes: figures.codes.map(presentCodeFigures),
  from: figures.from,
  to: figures.to,
  tz: figures.tz,
  excluded: figures.excluded,
  ...presentSeries(figures),
  ...presentExtras(figures),
});
