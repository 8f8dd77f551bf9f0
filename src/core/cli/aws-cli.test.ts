import { describe, expect, it } from 'vitest';
import { awsCliVersionProblem } from './aws-cli.ts';

describe('the aws CLI version the deploy needs', () => {
  it('accepts what `aws --version` prints for the versions it was tried with and newer', () => {
    expect(awsCliVersionProblem('aws-cli/2.9.19 Python/3.11.2 Linux/6.1.0 source/x86_64.debian.12 prompt/off')).toBeUndefined();
    expect(awsCliVersionProblem('aws-cli/2.31.4 Python/3.13.7 Linux/6.11.0-1018-azure exe/x86_64.ubuntu.24')).toBeUndefined();
    expect(awsCliVersionProblem('aws-cli/1.45.11 Python/3.11.7 Linux/6.18.44 botocore/1.43.11')).toBeUndefined();
    expect(awsCliVersionProblem('aws-cli/1.46.0 Python/3.12.1 Linux/6.1 botocore/1.44.0')).toBeUndefined();
  });

  it('refuses an older one in one line naming the version it needs and where to get it', () => {
    const problem = awsCliVersionProblem('aws-cli/2.9.18 Python/3.11.2 Linux/6.1.0 source/x86_64.debian.12 prompt/off');
    expect(problem).toMatch(/^aws-cli 2\.9\.18 is too old for the deploy: it needs aws-cli 2\.9\.19 or newer .*getting-started-install/);
    expect(problem).not.toContain('\n');
    expect(awsCliVersionProblem('aws-cli/1.29.0 Python/3.8 Linux/5.4 botocore/1.31.0')).toMatch(
      /aws-cli 1\.29\.0 is too old for the deploy: it needs aws-cli 1\.45\.11 or newer/,
    );
    expect(awsCliVersionProblem('aws-cli/3.0.0 Python/3.14')).toMatch(/major version the deploy has not been tried with/);
    expect(awsCliVersionProblem('command not found')).toMatch(/printed no version/);
  });
});
