import { DAYS, embedAddress, type Block, type Day, type SocialLink } from '../../../content/index.js';

const DAY_NAMES: Record<Day, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
const NETWORK_NAMES: Record<SocialLink['network'], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  mastodon: 'Mastodon',
  github: 'GitHub',
  pinterest: 'Pinterest',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  website: 'Website',
};

export function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  return (
    <ul class="links">
      {links.map((l) => (
        <li key={l.url}>
          <a href={l.url} rel="noopener me">
            {NETWORK_NAMES[l.network]}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Plain text with a blank line starting a paragraph (never markup). */
const Paragraphs = ({ text }: { text: string }) => (
  <>
    {text.split(/\n\s*\n/).map((p, i) => (
      <p key={i}>{p}</p>
    ))}
  </>
);

function Hours({ title, slots }: Extract<Block, { type: 'hours' }>) {
  return (
    <section>
      <h2>{title}</h2>
      <table class="hours">
        <tbody>
          {DAYS.map((day) => {
            const open = slots.filter((s) => s.day === day);
            return (
              <tr key={day}>
                <th scope="row">{DAY_NAMES[day]}</th>
                <td>{open.length === 0 ? 'Closed' : open.map((s) => `${s.opens}–${s.closes}`).join(', ')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** One block of a landing page. Images show only when the media library has them. */
export function PageBlock({ block, images, first }: { block: Block; images: ReadonlyMap<string, string>; first: boolean }) {
  switch (block.type) {
    case 'heading': {
      // The page's first heading is its h1, whatever level it was given, so the outline starts right.
      const Tag = first ? 'h1' : (`h${Math.max(2, block.level)}` as 'h2' | 'h3');
      return <Tag>{block.text}</Tag>;
    }
    case 'text':
      return <Paragraphs text={block.text} />;
    case 'image': {
      const src = images.get(block.mediaId);
      return src ? <img src={src} alt={block.alt} loading="lazy" /> : null;
    }
    case 'button':
      return (
        <a class="button wide" href={block.url} rel="noopener">
          {block.label}
        </a>
      );
    case 'links':
      return (
        <ul class="links">
          {block.links.map((l) => (
            <li key={l.url}>
              <a class="button wide" href={l.url} rel="noopener">
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      );
    case 'video': {
      const embed = embedAddress(block.url);
      return embed ? (
        <div class="video">
          <iframe src={embed} title={block.title} loading="lazy" allow="fullscreen; picture-in-picture" />
        </div>
      ) : (
        <p>
          <a href={block.url} rel="noopener">
            {block.title}
          </a>
        </p>
      );
    }
    case 'hours':
      return <Hours {...block} />;
    case 'social':
      return <SocialLinks links={block.links} />;
  }
}
