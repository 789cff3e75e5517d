import { Type } from '@sinclair/typebox';
import { FOLDER_NAME_MAX } from '../../../../catalog/index.js';
import { DataEnvelope, DateTime, DeletedEnvelope } from '../../../schemas.js';
import {
  Breakdowns,
  CodeFigures,
  Daily,
  Day,
  Excluded,
  Extras,
  extrasQuery,
  rangeQuery,
  Zone,
} from '../analytics/figures.schema.js';

const Name = Type.String({ minLength: 1, maxLength: FOLDER_NAME_MAX, description: 'Unique in the account, whatever its case.' });

export const Folder = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    codeCount: Type.Integer({ description: 'Live (not archived) codes in the folder.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Folder' },
);

export const CreateFolderBody = Type.Object({ name: Name }, { additionalProperties: false });
export const UpdateFolderBody = Type.Object({ name: Type.Optional(Name) }, { additionalProperties: false });
export const FolderAnalyticsQuery = Type.Object({ ...rangeQuery(365), ...extrasQuery }, { additionalProperties: false });

export const FolderAnalytics = Type.Object(
  {
    days: Type.Integer(),
    scans: Type.Integer({ description: "Scans of the folder's codes in the window. Automated traffic is never counted." }),
    uniqueVisitors: Type.Integer({
      description: "Sum of each code's daily unique visitors in the window.",
    }),
    codes: Type.Array(CodeFigures, {
      description: 'Every code in the folder (archived ones too), most scanned first, then by name.',
    }),
    from: Day,
    to: Day,
    tz: Zone,
    excluded: Excluded,
    daily: Daily,
    ...Breakdowns,
    ...Extras,
  },
  { title: 'FolderAnalytics' },
);

export const FolderResponse = DataEnvelope(Folder);
export const FolderListResponse = DataEnvelope(Type.Array(Folder));
export const DeletedFolderResponse = DeletedEnvelope({
  unfiledCodes: Type.Integer({ description: 'Codes that were in the folder; they stay, in no folder.' }),
});
export const FolderAnalyticsResponse = DataEnvelope(FolderAnalytics);
