/**
 * The document title (SPEC §1): the route title, then the product-admin suffix, e.g.
 * 'Dashboard | Acme Admin'; just 'Acme Admin' when the route has no title, to avoid a dangling bar.
 */
export const pageTitle = (routeTitle: string, productName: string): string => {
  const suffix = `${productName} Admin`;
  const title = routeTitle.trim();
  return title === '' ? suffix : `${title} | ${suffix}`;
};
