/** The file name a response's Content-Disposition gives, or `fallback`. */
export const fileNameOf = (response: Response, fallback: string): string =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/** Hands a fetched file to the browser as a download named `name`. */
export function saveDownload(blob: Blob, name: string): string {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}
