import { InvalidRequest } from '../../lib/errors.js';
import { textProblem } from '../../lib/text.js';

/** What link-preview robots are shown of a code or link (Open Graph and Twitter card tags). */
export interface Preview {
  title: string | null;
  description: string | null;
  /** A file of the account's media library, and its public path (`/media/<sha256>.<ext>`). */
  imageId: string | null;
  imagePath: string | null;
}

export interface PreviewInput {
  title?: string | null;
  description?: string | null;
  imageId?: string | null;
}

export const PREVIEW_TITLE_MAX = 200;
export const PREVIEW_DESCRIPTION_MAX = 500;

function text(value: string | null | undefined, field: string, max: number): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if ([...trimmed].length > max) throw new InvalidRequest(`${field} must be at most ${max} characters.`, field);
  const problem = textProblem(trimmed);
  if (problem) throw new InvalidRequest(`${field} ${problem}.`, field);
  return trimmed;
}

/**
 * The preview from its input (null or an empty one: none). `imagePath` gives the public path of the
 * account's image with this id, or null when the account has no such image.
 */
export async function validPreview(
  input: PreviewInput | null | undefined,
  imagePath: (id: string) => Promise<string | null>,
): Promise<Preview | null> {
  if (input == null) return null;
  const title = text(input.title, 'preview.title', PREVIEW_TITLE_MAX);
  const description = text(input.description, 'preview.description', PREVIEW_DESCRIPTION_MAX);
  let path: string | null = null;
  if (input.imageId) {
    path = await imagePath(input.imageId);
    if (path === null) throw new InvalidRequest('preview.imageId must be an image of your media library.', 'preview.imageId');
  }
  if (title === null && description === null && path === null) return null;
  return { title, description, imageId: path === null ? null : input.imageId!, imagePath: path };
}
