import { describe, expect, it } from 'vitest';
import type { Diagnostic } from './diagnostic.ts';
import { printedDiagnostics } from './printed-diagnostics.ts';

const warning = (line: number, detail: string): Diagnostic => ({
  severity: 'warning',
  file: 'tenants/a.yaml',
  line,
  col: 3,
  path: `bypass_codes[${line}]`,
  message: `${detail}; choose a longer one`,
  kind: { heading: 'short codes: choose longer ones', detail },
});

describe('printed diagnostics', () => {
  it('prints up to 3 warnings of a kind whole, and more under one heading with their count', () => {
    const three = [1, 2, 3].map((line) => warning(line, `code ${line}`));
    expect(printedDiagnostics(three)).toEqual(three.map((d) => `tenants/a.yaml:${d.line}:3  ${d.path}  warning: ${d.message}`));
    const four = [...three, warning(4, 'code 4')];
    expect(printedDiagnostics(four)).toEqual([
      '4 warnings: short codes: choose longer ones',
      'tenants/a.yaml:1:3  bypass_codes[1]  warning: code 1',
      'tenants/a.yaml:2:3  bypass_codes[2]  warning: code 2',
      'tenants/a.yaml:3:3  bypass_codes[3]  warning: code 3',
      'tenants/a.yaml:4:3  bypass_codes[4]  warning: code 4',
      '',
    ]);
  });

  it('groups the same sentence repeated, and never groups errors', () => {
    const same = (severity: Diagnostic['severity'], line: number): Diagnostic => ({
      severity,
      file: 'tenants/b.yaml',
      line,
      col: 1,
      path: '(file)',
      message: 'no email_recipients',
    });
    const lines = printedDiagnostics([1, 2, 3, 4].map((line) => same('warning', line)).concat([5, 6, 7, 8].map((line) => same('error', line))));
    expect(lines.slice(0, 2)).toEqual(['4 warnings: no email_recipients', 'tenants/b.yaml:1:1  (file)  warning: as said above']);
    expect(lines.filter((line) => line.endsWith('(file)  no email_recipients'))).toHaveLength(4);
  });
});
