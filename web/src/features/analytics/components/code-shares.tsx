import { FigureTable } from './figures';

export interface CodeShare {
  codeId: string;
  name: string;
  scans: number;
  uniqueVisitors: number;
}

/** Each code's figures as CSV rows. */
export const codeShareRows = (codes: readonly CodeShare[]): (string | number)[][] => [
  ['code', 'scans', 'unique visitors'],
  ...codes.map((c) => [c.name, c.scans, c.uniqueVisitors]),
];

/** A table of codes with their scans and unique visitors, each name leading to the code's own figures. */
export function CodeShares({ caption, codes, empty }: { caption: string; codes: readonly CodeShare[]; empty: string }) {
  return (
    <FigureTable
      caption={caption}
      head={['Code', 'Scans', 'Unique visitors']}
      rows={codes.map((c) => [<a href={`/app/analytics?code=${c.codeId}`}>{c.name}</a>, c.scans, c.uniqueVisitors])}
      empty={empty}
    />
  );
}
