import type { paths } from './api';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The `data` a route answers with, read from the generated OpenAPI types (never written by hand). */
export type ResponseData<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? Json<R[S]> extends { data: infer D }
      ? D
      : never
    : never
  : never;

/** The query parameters a route accepts. */
export type QueryOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

/** The JSON body a route accepts. */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
