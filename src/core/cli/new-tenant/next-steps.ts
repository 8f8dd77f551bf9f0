import { formatDiagnostic, type Diagnostic } from '../../data/diagnostic.ts';

/** What was written and what to do next, with the validator's warnings about the new file. */
export function printNextSteps(
  say: (text: string) => void,
  { id, file, rootFlag, warnings }: { id: string; file: string; rootFlag: string; warnings: Diagnostic[] },
): void {
  say(`Wrote ${file} and tenants/logos/${id}.png (a placeholder logo).`);
  say('\nNext steps:');
  say(`  1. Edit ${file}: stores, e-mail recipients and the passwords are commented out in it;`);
  say(`     replace tenants/logos/${id}.png with the company's logo.`);
  say(`  2. npm run validate${rootFlag ? ` --${rootFlag}` : ''}`);
  say('  3. npm run dev');
  say(`  4. npm run build -- --tenant ${id}${rootFlag}`);
  const notes = warnings.filter((d) => d.severity === 'warning');
  if (notes.length > 0) {
    say('\nUntil then, npm run validate warns:');
    for (const note of notes) say(`  ${formatDiagnostic(note)}`);
  }
}
