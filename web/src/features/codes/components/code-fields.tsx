import { TextField } from '../../../components/ui/field';

/** A code's fields as the API names them and the labels the forms show them under, for messages beside them. */
export const CODE_LABELS = {
  name: 'Name',
  url: 'Destination',
  mode: 'Kind',
  shortCode: 'Ending',
  folderId: 'Folder',
  templateId: 'Design',
  gate: 'Password',
} as const;

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
