import { ApiError } from './api-client';

/** Splits a refused request's message: beside the field it names, or above the form. */
export function formErrors(error: unknown, fields: readonly string[]): { field: Record<string, string>; form: string | null } {
  if (!error) return { field: {}, form: null };
  if (error instanceof ApiError) {
    const name = error.fieldIn(fields);
    if (name) return { field: { [name]: error.message.replace(/^body\./, '') }, form: null };
    return { field: {}, form: error.message };
  }
  return { field: {}, form: error instanceof Error ? error.message : 'Something went wrong.' };
}
