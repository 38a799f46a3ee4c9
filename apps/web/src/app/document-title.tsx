import { pageTitle } from '@bo/contract';
import { type ReactNode, useEffect } from 'react';
import { useProductName } from '../lib/config/use-product-config';

export interface RouteTitleProps {
  /** The route's title from the contract's route map. */
  title: string;
  children: ReactNode;
}

/**
 * A routed screen: keeps document.title at "<route title> | <product> Admin" (SPEC §1) while it is shown.
 * The title travels with the route's element rather than as route data, because the app routes with React
 * Router's declarative mode, which has no route matches to read it from (ADR 0012).
 */
export function RouteTitle({ title, children }: RouteTitleProps) {
  const productName = useProductName();
  useEffect(() => {
    document.title = pageTitle(title, productName);
  }, [title, productName]);
  return children;
}
