import type { PageModel } from '../site/page-model.ts';

export function NotFoundPage({ model }: { model: PageModel }) {
  return (
    <>
      <h1 className="page-title">Page not found</h1>
      <p>
        There is no page at this address. <a href={model.config.base}>Go to the {model.config.title} home page</a>.
      </p>
    </>
  );
}
