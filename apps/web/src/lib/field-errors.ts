/**
 * A form's first message per top-level field from a failed zod parse; a number field left empty or
 * not a number (zod's "Invalid input…") reads "Enter a number".
 */
export function fieldErrorsOf<K extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const issue of issues) found[issue.path[0] as K] ??= issue.message.startsWith('Invalid input') ? 'Enter a number' : issue.message;
  return found;
}
