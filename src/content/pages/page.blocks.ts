import { InvalidRequest } from '../../lib/errors.js';
import { LABEL_MAX, TEXT_MAX, validRedirect, validSocial, validText, type SocialLink } from '../hosted/content.document.js';

export const BLOCKS_MAX = 100;
export const LINKS_MAX = 50;
export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];
export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const TIME = new RegExp(TIME_PATTERN);

export interface LinkItem {
  label: string;
  url: string;
}

export interface OpeningSlot {
  day: Day;
  opens: string;
  closes: string;
}

/** The typed blocks a landing page is made of, in order. */
export type Block =
  | { type: 'heading'; text: string; level: 1 | 2 | 3 }
  | { type: 'text'; text: string }
  | { type: 'image'; mediaId: string; alt: string }
  | { type: 'button'; label: string; url: string }
  | { type: 'links'; links: LinkItem[] }
  | { type: 'video'; url: string; title: string }
  | { type: 'hours'; title: string; slots: OpeningSlot[] }
  | { type: 'social'; links: SocialLink[] };

export const BLOCK_TYPES = ['heading', 'text', 'image', 'button', 'links', 'video', 'hours', 'social'] as const;

const link = (item: LinkItem, at: string): LinkItem => ({
  label: validText(item.label, LABEL_MAX, `${at}.label`),
  url: validRedirect(item.url, `${at}.url`)!,
});

function validBlock(block: Block, at: string): Block {
  switch (block.type) {
    case 'heading':
      return { type: 'heading', text: validText(block.text, LABEL_MAX, `${at}.text`), level: block.level ?? 2 };
    case 'text':
      return { type: 'text', text: validText(block.text, TEXT_MAX, `${at}.text`) };
    case 'image':
      // The media item is checked against the account's library by the pages spec (`mediaIds`).
      return { type: 'image', mediaId: block.mediaId, alt: block.alt.trim().slice(0, LABEL_MAX) };
    case 'button':
      return { type: 'button', ...link(block, at) };
    case 'links':
      if (block.links.length === 0 || block.links.length > LINKS_MAX)
        throw new InvalidRequest(`${at}.links must have 1 to ${LINKS_MAX} links.`, 'blocks');
      return { type: 'links', links: block.links.map((l, i) => link(l, `${at}.links[${i}]`)) };
    case 'video':
      return {
        type: 'video',
        url: validRedirect(block.url, `${at}.url`)!,
        title: validText(block.title ?? 'Video', LABEL_MAX, `${at}.title`),
      };
    case 'hours':
      for (const slot of block.slots) {
        if (!DAYS.includes(slot.day) || !TIME.test(slot.opens) || !TIME.test(slot.closes))
          throw new InvalidRequest(`${at}.slots needs a day and HH:MM times.`, 'blocks');
      }
      return {
        type: 'hours',
        title: validText(block.title ?? 'Opening hours', LABEL_MAX, `${at}.title`),
        slots: block.slots.map((s) => ({ day: s.day, opens: s.opens, closes: s.closes })),
      };
    case 'social':
      return { type: 'social', links: validSocial(block.links, `${at}.links`) };
    default:
      throw new InvalidRequest(`${at}.type is not a block type.`, 'blocks');
  }
}

export function validBlocks(blocks: readonly Block[]): Block[] {
  if (blocks.length > BLOCKS_MAX) throw new InvalidRequest(`A page has at most ${BLOCKS_MAX} blocks.`, 'blocks');
  return blocks.map((b, i) => validBlock(b, `blocks[${i}]`));
}

/** The media items a page's image blocks show. */
export const mediaIds = (blocks: readonly Block[]): string[] => blocks.flatMap((b) => (b.type === 'image' ? [b.mediaId] : []));

/**
 * The address a video block is embedded from, for the two hosts whose players are made to be
 * embedded (YouTube without cookies, Vimeo); null for any other address, which is shown as a link.
 */
export function embedAddress(url: string): string | null {
  const u = new URL(url);
  const host = u.hostname.replace(/^www\./, '');
  const id = (value: string | null | undefined) => (value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null);
  if (host === 'youtube.com' || host === 'm.youtube.com') {
    const v = id(u.searchParams.get('v'));
    return v ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  if (host === 'youtu.be') {
    const v = id(u.pathname.slice(1));
    return v ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  if (host === 'vimeo.com') {
    const v = /^\/(\d{1,20})$/.exec(u.pathname)?.[1];
    return v ? `https://player.vimeo.com/video/${v}` : null;
  }
  return null;
}
