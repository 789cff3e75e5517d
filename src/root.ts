/**
 * The folder of the server's entry module (dist/ when built, src/ run from the sources): files are
 * found from here, so they are found alike whether the entry is bundled into one file or not.
 */
export const ROOT = new URL('./', import.meta.url);
