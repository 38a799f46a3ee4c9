import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useUrlParams } from './use-url-params';

const schema = z.object({
  page: z.coerce.number().int().min(1, 'The page starts at 1').default(1),
  status: z.array(z.enum(['paid', 'expired'])).default([]),
  search: z.string().trim().max(20).default(''),
  order: z.enum(['asc', 'desc'], 'The order must be asc or desc').default('desc'),
});

const setup = (path: string) => {
  let search = '';
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );
  const hook = renderHook(
    () => {
      search = useLocation().search;
      return useUrlParams(schema);
    },
    { wrapper },
  );
  return { hook, search: () => search };
};

describe('useUrlParams', () => {
  it('reads the address with the schema, lists included', () => {
    const { hook } = setup('/x?page=3&status=paid&status=expired&search=ab');
    expect(hook.result.current.params).toEqual({
      page: 3,
      status: ['paid', 'expired'],
      search: 'ab',
      order: 'desc',
    });
    expect(hook.result.current.problems).toEqual([]);
  });

  it('drops an unreadable value for its default and says why', () => {
    const { hook } = setup('/x?page=0&order=up&search=ok');
    expect(hook.result.current.params).toEqual({ page: 1, status: [], search: 'ok', order: 'desc' });
    expect(hook.result.current.problems.map((p) => p.key).sort()).toEqual(['order', 'page']);
  });

  it('writes changes back, leaving defaults out and starting a filter change from page 1', () => {
    const { hook, search } = setup('/x?page=4&other=keep');
    act(() => hook.result.current.set({ status: ['paid'], order: 'desc' }));
    expect(search()).toBe('?other=keep&status=paid');
    act(() => hook.result.current.set({ page: 2 }));
    expect(hook.result.current.params.page).toBe(2);
    act(() => hook.result.current.reset());
    expect(search()).toBe('?other=keep');
  });
});
