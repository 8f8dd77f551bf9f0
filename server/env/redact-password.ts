/** A URL with its password replaced, for messages and logs. */
export function redact(value: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return value.replace(/:[^:@/]*@/, ':***@');
  }
}
