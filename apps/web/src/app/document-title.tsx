import { pageTitle } from '@bo/contract';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useProductName } from '../lib/config/use-product-config';

export interface RouteHandle {
  title: string;
}

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';

/** Keeps document.title at "<route title> | <product> Admin" (SPEC §1). */
export function DocumentTitle() {
  const matches = useMatches();
  const productName = useProductName();
  const title = [...matches].reverse().find((m) => isRouteHandle(m.handle))?.handle as
    | RouteHandle
    | undefined;

  useEffect(() => {
    document.title = pageTitle(title?.title ?? '', productName);
  }, [title?.title, productName]);

  return null;
}
