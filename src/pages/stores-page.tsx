import type { PageModel } from '../site/page-model.ts';
import { href } from '../site/routes.ts';
import { PasswordDialog } from '../components/password-dialog.tsx';
import { jsonForScript } from '../runtime/server/json-for-script.ts';
import type { StoresPageData } from '../islands/shared/store-session.ts';

/**
 * The store picker. A store with custom products links to its customs catalog; one with a
 * password is opened through the 'Enter password' dialog of the stores script, which asks the
 * order API: the page itself knows only which stores have a password.
 */
export function StoresPage({ model, storesWithProducts }: { model: PageModel; storesWithProducts: ReadonlySet<string> }) {
  const { config } = model;
  return (
    <>
      <a className="back-link" href={config.base}>
        <span aria-hidden="true">←</span> Back to home
      </a>
      <h1 className="page-title">Choose your store</h1>
      <ul className="store-grid">
        {config.stores.map((store) => {
          const content = (
            <>
              <span className="store__name">{store.name}</span>
              {store.address && <span className="store__address">{store.address}</span>}
            </>
          );
          return (
            <li key={store.code} className="store">
              {storesWithProducts.has(store.code) ? (
                <a
                  className="store__link"
                  href={href(config.base, { page: 'store-catalog', storeCode: store.code })}
                  data-store-code={store.code}
                  data-store-name={store.name}
                  data-password={store.hasPassword ? '' : undefined}
                >
                  {content}
                  {store.hasPassword && <span className="store__lock">Password required</span>}
                </a>
              ) : (
                <div className="store__link store__link--empty">
                  {content}
                  <span className="store__note">No custom products yet</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <PasswordDialog id="store-password-dialog" submitLabel="Open" autoComplete="off" context={<p className="dialog__context" data-store-label="" />} />
      <script
        type="application/json"
        id="stores-page"
        dangerouslySetInnerHTML={{
          __html: jsonForScript({ tenantId: config.tenantId, companyName: config.companyName, apiBase: config.apiBase } satisfies StoresPageData),
        }}
      />
    </>
  );
}
