import { Type, type Static } from '@sinclair/typebox';
import { MEDIA_NAME_MAX, MEDIA_TYPES, type ListMediaOptions } from '../../../../catalog/index.js';
import { DataEnvelope, DateTime, DeletedEnvelope, Nullable, Pagination, StringEnum } from '../../../schemas.js';

const Name = Type.String({ minLength: 1, maxLength: MEDIA_NAME_MAX });
const FolderId = Type.String({ maxLength: 64 });

export const MediaItem = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    type: StringEnum(MEDIA_TYPES, { description: 'Decided from the bytes, never from the name.' }),
    size: Type.Integer({ description: 'Bytes as stored (after sanitising).' }),
    width: Nullable(Type.Integer({ description: 'Pixels; null for PDF files.' })),
    height: Nullable(Type.Integer({ description: 'Pixels; null for PDF files.' })),
    folderId: Nullable(Type.String()),
    url: Type.String({ description: 'The public address of the bytes: <PUBLIC_URL>/media/<sha256>.<ext>, cached for a year.' }),
    createdAt: DateTime,
  },
  { title: 'MediaFile' },
);

export const MediaFolder = Type.Object(
  { id: Type.String(), name: Type.String(), createdAt: DateTime, updatedAt: DateTime },
  { title: 'MediaFolder' },
);

export const MediaListQuery = Type.Object(
  {
    limit: Pagination.limit(),
    offset: Pagination.offset(),
    folderId: Type.Optional(
      Type.String({ maxLength: 64, description: 'Only files in this folder; `none` for files in no folder.' }),
    ),
  },
  { additionalProperties: false },
);

/** The service's list options from the query (`folderId=none`: files in no folder). */
export const mediaListOptions = ({ limit, offset, folderId }: Static<typeof MediaListQuery>): ListMediaOptions => ({
  limit,
  offset,
  ...(folderId === undefined ? {} : { folderId: folderId === 'none' ? null : folderId }),
});

export const UpdateMediaBody = Type.Object(
  { name: Type.Optional(Name), folderId: Type.Optional(Nullable(FolderId)) },
  { additionalProperties: false },
);
export const MediaFolderBody = Type.Object({ name: Name }, { additionalProperties: false });

export const MediaResponse = DataEnvelope(MediaItem);
export const MediaListResponse = DataEnvelope(Type.Array(MediaItem));
export const MediaFolderResponse = DataEnvelope(MediaFolder);
export const MediaFolderListResponse = DataEnvelope(Type.Array(MediaFolder));
export const DeletedMediaFolderResponse = DeletedEnvelope({
  unfiledFiles: Type.Integer({ description: 'Files that were in the folder; they stay, in no folder.' }),
});
export const MediaUsageResponse = DataEnvelope(
  Type.Object(
    {
      usedBytes: Type.Integer({ description: "Bytes the account's files take, as stored." }),
      limitBytes: Type.Integer({ description: 'The most the account may store.' }),
      maxFileBytes: Type.Integer({ description: 'The largest one file may be.' }),
    },
    { title: 'MediaUsage' },
  ),
);
export const DeletedMediaResponse = DeletedEnvelope();
