/** On every answer, pages and API alike (the redirect fast path writes the same constants). */
export const SECURITY_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' } as const;
