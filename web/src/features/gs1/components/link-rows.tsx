import { LINK_TYPES } from '@gs1/gs1.vocabulary';
import { Button } from '../../../components/ui/button';
import { TextField, UrlField } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import type { Gs1FormErrors, LinkField } from '../api/link-errors';

export interface LinkDraft {
  linkType: string;
  href: string;
  lang: string;
  type: string;
  title: string;
}

export const emptyLink = (linkType = 'gs1:pip'): LinkDraft => ({ linkType, href: '', lang: '', type: '', title: '' });

const LINK_TYPE_CHOICES = Object.entries(LINK_TYPES)
  .map(([name, title]) => [`gs1:${name}`, `${title} (gs1:${name})`] as const)
  .sort((a, b) => a[1].localeCompare(b[1]));

const MEDIA_TYPES = [
  ['text/html', 'Web page (text/html)'],
  ['application/pdf', 'PDF document (application/pdf)'],
  ['image/jpeg', 'JPEG image (image/jpeg)'],
  ['image/png', 'PNG image (image/png)'],
  ['video/mp4', 'Video (video/mp4)'],
  ['application/json', 'JSON data (application/json)'],
  ['application/ld+json', 'Linked data (application/ld+json)'],
] as const;

/**
 * The links of a GS1 key, one fieldset each: link type, address, language, media type, title, and
 * which one is the default (a radio, so exactly one is). Problems the API names appear beside the field.
 */
export function LinkRows({
  links,
  defaultAt,
  errors,
  onChange,
  onDefault,
}: {
  links: LinkDraft[];
  defaultAt: number;
  errors: Gs1FormErrors['links'];
  onChange: (links: LinkDraft[]) => void;
  onDefault: (at: number) => void;
}) {
  const set = (at: number, field: LinkField, value: string) =>
    onChange(links.map((link, i) => (i === at ? { ...link, [field]: value } : link)));
  const remove = (at: number) => {
    onChange(links.filter((_, i) => i !== at));
    if (defaultAt >= at && defaultAt > 0) onDefault(defaultAt - 1);
  };
  return (
    <div class="stack">
      {links.map((link, at) => {
        const problems = errors[at] ?? {};
        return (
          <fieldset key={at} class="gs1-link">
            <legend>Link {at + 1}</legend>
            {problems.row ? <p class="field-error">{problems.row}</p> : null}
            <div class="grid-2 gs1-fields">
              <SelectField
                label="Link type"
                value={link.linkType}
                options={LINK_TYPE_CHOICES}
                onChange={(v) => set(at, 'linkType', v)}
                error={problems.linkType}
              />
              <UrlField
                label="Address"
                value={link.href}
                onInput={(v) => set(at, 'href', v)}
                error={problems.href}
                placeholder="https://example.com/product"
              />
              <TextField
                label="Language (optional)"
                value={link.lang}
                maxLength={5}
                onInput={(v) => set(at, 'lang', v)}
                error={problems.lang}
                hint="A language tag such as en or fr-CA; empty for any language."
              />
              <SelectField
                label="Media type (optional)"
                value={link.type}
                none="Any"
                options={MEDIA_TYPES}
                onChange={(v) => set(at, 'type', v)}
                error={problems.type}
              />
              <TextField
                label="Title (optional)"
                value={link.title}
                maxLength={100}
                onInput={(v) => set(at, 'title', v)}
                error={problems.title}
                hint="Shown in a list of links; the link type's name when empty."
              />
            </div>
            <div class="actions actions-start">
              <label class="choice">
                <input type="radio" name="gs1-default" checked={defaultAt === at} onChange={() => onDefault(at)} />
                Default link
              </label>
              {links.length > 1 ? (
                <Button variant="ghost" onClick={() => remove(at)}>
                  Remove link {at + 1}
                </Button>
              ) : null}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

/** The drafts as the API takes them: empty optional fields left out, the chosen one the default. */
export const linkInputs = (links: LinkDraft[], defaultAt: number) =>
  links.map((link, at) => ({
    linkType: link.linkType,
    href: link.href.trim(),
    ...(link.lang.trim() ? { lang: link.lang.trim() } : {}),
    ...(link.type ? { type: link.type } : {}),
    ...(link.title.trim() ? { title: link.title.trim() } : {}),
    default: at === defaultAt,
  }));
