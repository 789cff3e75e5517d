/** The fields a bulk file fills, in the order the mapping shows them, with the header the service reads. */
export const FIELDS = [
  {
    key: 'name',
    label: 'Name',
    required: true,
    hint: 'For you and your team; never shown to people who scan.',
    guesses: ['name', 'title', 'label', 'code name', 'product', 'item'],
  },
  {
    key: 'url',
    label: 'Destination',
    required: true,
    hint: 'Where a scan leads: an http or https address.',
    guesses: ['url', 'destination', 'link', 'address', 'target', 'website', 'href', 'landing page'],
  },
  {
    key: 'mode',
    label: 'Mode',
    required: false,
    hint: 'Dynamic or static; empty means dynamic.',
    guesses: ['mode', 'kind', 'type'],
  },
  {
    key: 'shortCode',
    label: 'Ending',
    required: false,
    hint: 'The short address’s ending; empty means one is made up.',
    guesses: ['shortcode', 'short code', 'ending', 'slug', 'alias', 'short'],
  },
  {
    key: 'folderId',
    label: 'Folder',
    required: false,
    hint: 'A folder’s name or id.',
    guesses: ['folderid', 'folder id', 'folder', 'group', 'collection'],
  },
  {
    key: 'templateId',
    label: 'Template',
    required: false,
    hint: 'A saved design’s name or id.',
    guesses: ['templateid', 'template id', 'template', 'design', 'style'],
  },
] as const;

export type FieldKey = (typeof FIELDS)[number]['key'];

/** For each field, the index of the file's column it is read from, or null. */
export type Mapping = Record<FieldKey, number | null>;

/** Words too common to be guessed from inside a longer header ("Content type" is not the mode). */
const LOOSE = new Set(['type', 'kind', 'short', 'item', 'label', 'style', 'group', 'design', 'product']);

const normal = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ');

/**
 * The columns guessed from the header's names: an exact name first ("url", "Link"), then a name that
 * contains one ("Landing page URL"); a column is given to one field at most.
 */
export function guessMapping(header: readonly string[]): Mapping {
  const names = header.map(normal);
  const taken = new Set<number>();
  const mapping = {} as Mapping;
  const pick = (test: (name: string, guess: string) => boolean, guesses: readonly string[]) => {
    for (const guess of guesses) {
      const index = names.findIndex((name, i) => !taken.has(i) && test(name, guess));
      if (index >= 0) return index;
    }
    return -1;
  };
  for (const field of FIELDS) {
    let index = pick((name, guess) => name === guess, field.guesses);
    if (index < 0) index = pick((name, guess) => !LOOSE.has(guess) && name.split(' ').includes(guess), field.guesses);
    mapping[field.key] = index >= 0 ? index : null;
    if (index >= 0) taken.add(index);
  }
  return mapping;
}

/** The label a person sees for a field the service names ("url" is "Destination"); row 0's "file" is the file. */
export function fieldLabel(field: string): string {
  if (field === '') return 'Row';
  if (field === 'file') return 'File';
  if (field === 'design') return 'Design';
  return FIELDS.find((f) => f.key === field)?.label ?? field;
}

/** The service's message with its field named as on screen: "url must …" reads "Destination must …". */
export function messageFor(field: string, message: string): string {
  const label = fieldLabel(field);
  if (!field || label === field) return message;
  return message.replace(new RegExp(`^(?:body\\.)?${field}\\b`), label);
}
