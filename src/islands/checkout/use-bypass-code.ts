import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../shared/order-api.ts';
import { askOrderApi, createBypassChecker } from './bypass-code.ts';
import { codeWasAccepted, rememberCodeAccepted } from './saved-details.ts';

/**
 * The bypass code in the field, checked by the order API as it is typed. Bypass mode holds
 * exactly while the code in the field is the one that matched; a refusal is said at the field
 * while that code is in it. An accepted code is remembered (never the code itself), so a field
 * emptied by a detour can say why Checkout waits.
 */
export function useBypassCode({
  code,
  tenantId,
  apiBase,
  companyName,
  hasBypassCodes,
}: {
  code: string;
  tenantId: string;
  apiBase: string;
  companyName: string;
  hasBypassCodes: boolean;
}) {
  const [matchedCode, setMatchedCode] = useState<string>();
  const bypassMode = matchedCode !== undefined && matchedCode === code;
  const [codeRefusal, setCodeRefusal] = useState<{ code: string; message: string }>();
  // A tenant without codes asks nothing (a wrong guess counts against a limit).
  const checker = useMemo(
    () =>
      createBypassChecker(
        hasBypassCodes ? askOrderApi(apiBase, companyName) : async () => false,
        (checked, matches, refusal) => {
          setMatchedCode(matches ? checked : undefined);
          setCodeRefusal(refusal === undefined ? undefined : { code: checked, message: refusal });
        },
        { onError: (error, checked) => setCodeRefusal({ code: checked, message: errorMessage(error) }) },
      ),
    [hasBypassCodes, apiBase, companyName],
  );
  useEffect(() => () => checker.dispose(), [checker]);
  useEffect(() => {
    checker.check(code);
  }, [checker, code]);
  const [cleared] = useState(() => code === '' && codeWasAccepted(sessionStorage, tenantId));
  useEffect(() => {
    if (bypassMode) rememberCodeAccepted(sessionStorage, tenantId);
  }, [bypassMode, tenantId]);
  // An accepted code leads to the button it unlocks, not back to the top of the page (the
  // PayPal buttons that had the focus next are gone).
  const checkoutButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (bypassMode) checkoutButtonRef.current?.focus();
  }, [bypassMode]);
  return {
    bypassMode,
    forget: () => setMatchedCode(undefined),
    checkNow: () => checker.checkNow(code),
    refusal: codeRefusal?.code === code ? codeRefusal.message : undefined,
    /** The field is empty because leaving the checkout cleared a code accepted earlier. */
    clearedOnLeaving: cleared && code === '',
    checkoutButtonRef,
  };
}
