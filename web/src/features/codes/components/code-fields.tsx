import { TextField } from '../../../components/ui/field';

interface Bound {
  value: string;
  onInput: (value: string) => void;
  error?: string | null | undefined;
  hint?: string;
}

/** A code's name, as the API bounds it. */
export const CodeNameField = (bound: Bound) => <TextField label="Name" required maxLength={200} {...bound} />;

/** Where a dynamic code forwards to: an absolute http(s) address. */
export const DestinationField = (bound: Bound) => <TextField label="Destination" type="url" required {...bound} />;
