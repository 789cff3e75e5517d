/** The GS1 resolver's own page: 300 Multiple Choices for a person. */
import { Layout, renderDocument } from '../html/index.js';
import type { Gs1Link } from '../../catalog/index.js';

const details = (link: Gs1Link): string => [link.lang, link.type].filter((part) => part !== null).join(', ');

/** The equally good links of one link type, each with its title, language and media type. */
export const choicesPage = (links: readonly Gs1Link[]): string =>
  renderDocument(
    <Layout title="Choose a link" noindex>
      <h1>Choose a link</h1>
      <p>This product has several pages of this kind. Pick the one you want.</p>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} hrefLang={link.lang ?? undefined} type={link.type ?? undefined}>
              {link.title}
            </a>
            {details(link) && ` (${details(link)})`}
          </li>
        ))}
      </ul>
    </Layout>,
  );
