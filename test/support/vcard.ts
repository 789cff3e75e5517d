/** One property of a parsed vCard: name (upper case), parameters, and the raw (still escaped) value. */
export interface VcardProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

/**
 * A strict reading of one vCard 4.0 (RFC 6350): CRLF line ends, folded lines unfolded, BEGIN first,
 * VERSION:4.0 second, END last, every line `name[;param=value]*:value`. Throws on anything else.
 */
export function parseVcard(body: string): VcardProperty[] {
  if (!body.endsWith('\r\n')) throw new Error('a vCard ends with CRLF');
  if (/(^|[^\r])\n/.test(body)) throw new Error('bare LF line end');
  const lines = body
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n');
  for (const raw of body.slice(0, -2).split('\r\n'))
    if (Buffer.byteLength(raw) > 75) throw new Error(`line longer than 75 octets: ${raw}`);
  const props = lines.map((line) => {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=[^;:]*)*):(.*)$/.exec(line);
    if (!match) throw new Error(`not a content line: ${line}`);
    const params = Object.fromEntries(
      match[2]!
        .split(';')
        .filter(Boolean)
        .map((p) => p.split('=') as [string, string]),
    );
    return { name: match[1]!.toUpperCase(), params, value: match[3]! };
  });
  if (props[0]?.name !== 'BEGIN' || props[0].value !== 'VCARD') throw new Error('BEGIN:VCARD first');
  if (props[1]?.name !== 'VERSION' || props[1].value !== '4.0') throw new Error('VERSION:4.0 second');
  if (props.at(-1)?.name !== 'END' || props.at(-1)?.value !== 'VCARD') throw new Error('END:VCARD last');
  if (props.filter((p) => p.name === 'FN').length !== 1) throw new Error('exactly one FN');
  return props;
}

/** A text value unescaped (RFC 6350 3.4), split into its components at unescaped semicolons. */
export function components(value: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i += 1) {
    const c = value[i]!;
    if (c === '\\') {
      const next = value[(i += 1)];
      current += next === 'n' || next === 'N' ? '\n' : (next ?? '');
    } else if (c === ';') {
      out.push(current);
      current = '';
    } else if (c === ',') throw new Error('unescaped comma in a text value');
    else current += c;
  }
  out.push(current);
  return out;
}
