import { ApiError } from '../../../lib/api-client';
import { formErrors } from '../../../lib/form-errors';

/**
 * A refusal placed beside the field it is about: the service's own words ("The current password is
 * wrong.") are matched to the field here, where the generic split (a message led by the field's name)
 * finds none. Too many attempts stay above the form.
 */
export function besideFields(
  error: unknown,
  rules: readonly (readonly [field: string, pattern: RegExp])[],
): { field: Record<string, string>; form: string | null } {
  if (error instanceof ApiError && error.code !== 'rate_limited') {
    const rule = rules.find(([, pattern]) => pattern.test(error.message));
    if (rule) return { field: { [rule[0]]: error.message }, form: null };
  }
  return formErrors(
    error,
    rules.map(([field]) => field),
  );
}
