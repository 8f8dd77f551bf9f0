import { openStorefront, releaseStorefront, visit, seriousAxeViolations } from '/work/main/tests/browser/storefront-harness.ts';
const sf = await openStorefront();
const pages: Record<string, string[]> = {
  stivers: ['', 'catalog/mens/', 'catalog/accessory/', 'catalog/SFRDMG/customs/', 'item/K500/', 'item/KF-TOY/', 'stores/', 'checkout/', 'success/', 'orders/', 'catalog-links/', 'nope/'],
  guardian: ['', 'catalog/mens/', 'catalog/accessory/', 'catalog/GCHEV1/customs/', 'item/K500/', 'item/PLT-AL/', 'stores/', 'checkout/', 'success/', 'orders/', 'catalog-links/', 'nope/'],
  first: ['', 'catalog/mens/', 'catalog/accessory/', 'catalog/FTOYHB/customs/', 'item/K500/', 'item/C112/', 'stores/', 'checkout/', 'catalog-links/', 'nope/'],
};
for (const [t, list] of Object.entries(pages)) for (const p of list) {
  const url = sf.baseUrl(t) + p;
  const v = await visit(sf.browser, url);
  const t0 = Date.now();
  const viol = await seriousAxeViolations(v.page);
  console.log(url, v.response?.status(), await v.page.title(), Date.now()-t0+'ms', v.problems.list, viol);
  await v.context.close();
}
const v = await visit(sf.browser, sf.entryUrl);
console.log('entry', await v.page.title(), v.problems.list, await seriousAxeViolations(v.page));
await releaseStorefront();
