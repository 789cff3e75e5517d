import { useState } from 'preact/hooks';

/**
 * Values kept in the page's query string, so a reload or a shared address opens the same view: read
 * once when the page opens, written back as they change (replacing the entry, so typing a search does
 * not pile up history). A value equal to its default is left out of the address.
 */
export function useAddressState<K extends string>(
  defaults: Readonly<Record<K, string>>,
): [Record<K, string>, (next: Partial<Record<K, string>>) => void] {
  const [values, setValues] = useState<Record<K, string>>(() => {
    const params = new URLSearchParams(location.search);
    const read: Record<K, string> = { ...defaults };
    for (const key of Object.keys(defaults) as K[]) read[key] = params.get(key) ?? defaults[key];
    return read;
  });
  const update = (next: Partial<Record<K, string>>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    const params = new URLSearchParams(location.search);
    for (const key of Object.keys(defaults) as K[]) {
      if (merged[key] === defaults[key]) params.delete(key);
      else params.set(key, merged[key]);
    }
    const search = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
  };
  return [values, update];
}
