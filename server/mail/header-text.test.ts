import { describe, expect, it } from 'vitest';
import { plainMailbox } from './header-text.ts';

describe('plainMailbox', () => {
  it('keeps one plain address as typed', () => {
    expect(plainMailbox('dana.reyes+orders@guardian-auto.example.com')).toBe('dana.reyes+orders@guardian-auto.example.com');
  });

  it('refuses what a mail program could read as more than one recipient, a display name or an encoded word', () => {
    for (const typed of [
      'stranger.victim.example,ann@dealer.example',
      'ann;stranger@dealer.example',
      '<stranger@victim.example>ann@dealer.example'.replace('@victim', '.victim'),
      '"stranger"@dealer.example',
      'ann @dealer.example',
      '=?utf-8?q?stranger?=@dealer.example',
      'ann@localhost',
      'ann@dealer..example',
      'ann@-dealer.example',
      'ännä@dealer.example',
    ]) {
      expect(plainMailbox(typed), typed).toBeUndefined();
    }
  });
});
