import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.rule';

describe('pageTitle', () => {
  it('puts the route title before the product-admin suffix', () => {
    expect(pageTitle('Dashboard', 'Acme')).toBe('Dashboard | Acme Admin');
  });

  it('shows only the suffix when the route has no title', () => {
    expect(pageTitle('', 'Acme')).toBe('Acme Admin');
  });

  it('treats a blank route title as missing and trims a real one', () => {
    expect(pageTitle('   ', 'Acme')).toBe('Acme Admin');
    expect(pageTitle(' Users ', 'Acme')).toBe('Users | Acme Admin');
  });
});
