/** Prints rows as a Markdown table, ready for docs/benchmarks.md. */
export function printTable(rows) {
  const keys = Object.keys(rows[0] ?? {});
  console.log(`| ${keys.join(' | ')} |`);
  console.log(`|${keys.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${keys.map((k) => row[k]).join(' | ')} |`);
}
