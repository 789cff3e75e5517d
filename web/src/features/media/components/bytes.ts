/** 1536 → "1.5 KB", 3_145_728 → "3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1_048_576 ? [bytes / 1024, 'KB'] : [bytes / 1_048_576, 'MB'];
  return `${Math.round(value * 10) / 10} ${unit}`;
}
