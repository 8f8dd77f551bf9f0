import { jsonForScript } from '../runtime/server/json-for-script.ts';

export interface DeskModel {
  supplierName: string;
  /** The order API every tenant's orders are in, which the desk's script calls. */
  apiBase: string;
}

/**
 * The supplier's order desk, `/desk/` of the entry site (never inside a tenant's site): the
 * page is a shell, and its script asks the order API for everything after the desk's own sign-in.
 */
export function DeskPage({ model }: { model: DeskModel }) {
  return (
    <main id="main" className="desk-main">
      <h1 className="page-title">{model.supplierName}: order desk</h1>
      <div id="desk">
        <noscript>
          <p className="notice">The order desk needs JavaScript.</p>
        </noscript>
      </div>
      <script type="application/json" id="desk-config" dangerouslySetInnerHTML={{ __html: jsonForScript({ apiBase: model.apiBase }) }} />
    </main>
  );
}
