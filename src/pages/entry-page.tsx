import { PasswordDialog } from '../components/password-dialog.tsx';
import { ResponsivePicture } from '../components/responsive-picture.tsx';
import type { EntryTarget } from '../site/entry-target.ts';
import type { PictureData } from '../site/picture-data.ts';
import { jsonForScript } from '../runtime/server/json-for-script.ts';

export interface EntryModel {
  supplierName: string;
  mainPhone: string;
  supportEmail: string;
  postalAddress: string;
  banner: string;
  headerImage?: PictureData;
  /** Where a password may lead: the order API says which one a typed password opens. */
  targets: EntryTarget[];
}

/** The entry screen for test and local hosts: contacts, a header image and LOGIN. */
export function EntryPage({ model }: { model: EntryModel }) {
  return (
    <>
      <div className="entry-banner" role="region" aria-label="Contact">
        <span>{model.banner}</span> <a href={`tel:${model.mainPhone}`}>{model.mainPhone}</a> · <a href={`mailto:${model.supportEmail}`}>{model.supportEmail}</a>
      </div>
      <header className="entry-header">
        {model.headerImage && (
          <ResponsivePicture image={model.headerImage} alt={model.supplierName} sizes="100vw" loading="eager" className="entry-header__image" />
        )}
      </header>
      <main id="main" className="entry-main">
        <h1 className="page-title">{model.supplierName}</h1>
        <p>Dealership staff: log in with your store's password.</p>
        <button type="button" className="button button--primary" data-login="">
          LOGIN
        </button>
        <PasswordDialog id="login-dialog" submitLabel="Enter" autoComplete="current-password" />
        <noscript>
          <p className="notice">Logging in needs JavaScript.</p>
        </noscript>
        <script type="application/json" id="entry-targets" dangerouslySetInnerHTML={{ __html: jsonForScript(model.targets) }} />
      </main>
      <footer className="site-footer">
        <address>
          {model.postalAddress} · <a href={`tel:${model.mainPhone}`}>{model.mainPhone}</a>
        </address>
      </footer>
    </>
  );
}
