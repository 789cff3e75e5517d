import { named, SelectField } from '../../../components/ui/select-field';
import { useLinkFolders } from '../api/links';

/** The folder a link is filed in, among the account's folders; "" for none. */
export function LinkFolderField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (folderId: string) => void;
  error: string | undefined;
}) {
  const folders = useLinkFolders();
  return (
    <SelectField
      label={label}
      none="No folder"
      value={value}
      options={named(folders.data)}
      onChange={onChange}
      error={error}
      hint={folders.isError ? folders.error.message : undefined}
    />
  );
}
