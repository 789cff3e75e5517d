import { TextField } from '../../../components/ui/field';

interface Bound {
  value: string;
  onInput: (value: string) => void;
  error?: string | null | undefined;
}

/** The address a person signs in with; browsers and password managers recognise it as the user name. */
export const EmailField = ({ label = 'E-mail address', ...bound }: Bound & { label?: string }) => (
  <TextField label={label} type="email" autoComplete="username" required {...bound} />
);

/** A password being chosen: the rule (10 characters or more) is stated before anything is refused. */
export const NewPasswordField = ({
  label,
  hint = 'At least 10 characters. A few unrelated words make a strong one.',
  ...bound
}: Bound & { label: string; hint?: string }) => (
  <TextField label={label} type="password" autoComplete="new-password" required minLength={10} hint={hint} {...bound} />
);
