import type { ResponseData } from '../../../lib/api-types';

/** A code's complete design, as the API answers it (read from the generated OpenAPI types). */
export type Design = ResponseData<'/codes/{id}', 'get'>['design'];
export type Template = ResponseData<'/templates/{id}', 'get'>;

/** What the designer needs of a code; the page hands it over. */
export interface DesignedCode {
  id: string;
  name: string;
  encode: string;
  design: Design;
}
