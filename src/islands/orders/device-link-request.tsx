import { useEffect, useId, useState, type FormEvent } from 'react';

/** Loaded only for a link in the address or a request: most visits never need it (the orders page's script budget). */
const deviceLinks = () => import('../shared/device-link.ts');

/**
 * What the page says about an e-mailed device link in its address: redeemed once on arrival
 * ('This browser is now recognised; sign in with your password'), or why not.
 */
export function useDeviceLinkArrival(apiBase: string): string | undefined {
  const [message, setMessage] = useState<string>();
  useEffect(() => {
    let live = true;
    const arrive = async () => {
      if (!window.location.hash.includes('device-link=')) return;
      const { redeemDeviceLink, takeDeviceLinkToken } = await deviceLinks();
      const token = takeDeviceLinkToken();
      if (token === undefined) return;
      const outcome = await redeemDeviceLink(apiBase, token);
      if (live) setMessage(outcome.message);
    };
    const onArrival = () => void arrive();
    onArrival();
    // The link pasted into the address bar of this very page changes only its fragment.
    window.addEventListener('hashchange', onArrival);
    return () => {
      live = false;
      window.removeEventListener('hashchange', onArrival);
    };
  }, [apiBase]);
  return message;
}

/**
 * For a new browser told to wait because of many wrong passwords elsewhere (docs/security.md,
 * Guess limits): e-mails a staff address a link that makes this browser a known one.
 */
export function DeviceLinkRequest({ apiBase, companyName }: { apiBase: string; companyName: string }) {
  const id = useId();
  const [answer, setAnswer] = useState<string>();
  const [sending, setSending] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setSending(true);
    const { requestDeviceLink } = await deviceLinks();
    setAnswer(await requestDeviceLink(apiBase, companyName, email));
    setSending(false);
  };
  return (
    <details className="device-link">
      <summary>New browser, and asked to wait? E-mail me a sign-in link</summary>
      <form className="device-link__form" onSubmit={(event) => void onSubmit(event)}>
        <label htmlFor={`${id}-email`}>Your staff e-mail address (one the orders are sent to)</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
        <button type="submit" className="button button--secondary" disabled={sending}>
          E-mail me a sign-in link
        </button>
      </form>
      {answer && <p role="status">{answer}</p>}
    </details>
  );
}
