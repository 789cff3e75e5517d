/**
 * A file name safe on every system and in a shell: accents dropped, anything but letters, digits, `.`,
 * `_` and `-` made a dash, lower case; the extension kept. "Spring poster (été).csv" → "spring-poster-ete.csv".
 */
export function safeFileName(name: string, fallback = 'export'): string {
  const dot = name.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9._]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '');
  return `${slug(base) || fallback}${slug(extension) ? `.${slug(extension)}` : ''}`;
}
