import { matchSecret, type SecretSet } from '../../site/secret-hash.ts';

/** Each check derives a PBKDF2 key (~50 ms), so it waits for a pause in typing. */
export const BYPASS_CHECK_DELAY_MS = 250;

/** Whether `code` is one of the tenant's bypass codes: compared in upper case (as the order API does), surrounding spaces ignored. */
export async function isBypassCode(code: string, codes: SecretSet): Promise<boolean> {
  const candidate = code.trim().toUpperCase();
  return candidate !== '' && (await matchSecret(candidate, codes)) >= 0;
}

export interface BypassChecker {
  /** Checks `code` once typing pauses; `onResult` hears only about the last code given. */
  check(code: string): void;
  dispose(): void;
}

/**
 * Debounced bypass-code checks. A result that arrives after a newer code was typed is
 * dropped, so a slow check of 'NET30GUAR' can never switch bypass mode on for 'NET30GUARDX'.
 */
export function createBypassChecker(
  codes: SecretSet,
  onResult: (code: string, matches: boolean) => void,
  { delayMs = BYPASS_CHECK_DELAY_MS, match = isBypassCode }: { delayMs?: number; match?: typeof isBypassCode } = {},
): BypassChecker {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  return {
    check(code) {
      clearTimeout(timer);
      const ticket = ++latest;
      if (code.trim() === '') {
        onResult(code, false);
        return;
      }
      timer = setTimeout(() => {
        void match(code, codes).then(
          (matches) => ticket === latest && onResult(code, matches),
          () => ticket === latest && onResult(code, false),
        );
      }, delayMs);
    },
    dispose() {
      clearTimeout(timer);
      latest++;
    },
  };
}
