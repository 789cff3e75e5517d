import { changed, optionalText, TEXT_MAX, validColour } from '../hosted/content.document.js';
import type { ContentKindSpec } from '../hosted/content.types.js';
import { mediaIds, validBlocks, type Block } from './page.blocks.js';

/** What a landing page adds to the content every kind shares. */
export interface PageDocument {
  /** Shown in the browser's title and as the page's description; the name when null. */
  title: string | null;
  blocks: Block[];
  colour: string | null;
}

export interface PageInput {
  title?: string | null;
  blocks?: Block[];
  colour?: string | null;
}

export const pageSpec: ContentKindSpec<PageDocument, PageInput> = {
  kind: 'page',
  document: (input, previous) => ({
    title: changed(input.title, previous?.title, (v) => optionalText(v, TEXT_MAX, 'title'), null),
    blocks: changed(input.blocks, previous?.blocks, validBlocks, []),
    colour: changed(input.colour, previous?.colour, validColour, null),
  }),
  mediaIds: (document) => mediaIds(document.blocks),
};
