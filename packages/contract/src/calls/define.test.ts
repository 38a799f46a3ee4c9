import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminCalls, get, list, pageOf, pageParams, post } from './define';

describe('adminCalls', () => {
  it('names each call after its key on the one admin path', () => {
    const calls = adminCalls({
      ListThings: get('login', z.object({}), z.array(z.string())),
      SaveThing: post('admin-commander', z.object({ ID: z.number() }), z.object({})),
    });
    expect(calls.ListThings).toMatchObject({ method: 'GET', path: '/', call: 'ListThings', access: 'login' });
    expect(calls.SaveThing).toMatchObject({ method: 'POST', path: '/', call: 'SaveThing' });
  });

  it('marks a list as exportable, a plain read not', () => {
    const calls = adminCalls({
      A: list('login', z.object({}), z.object({})),
      B: get('login', z.object({}), z.object({})),
    });
    expect(calls.A.exportable).toBe(true);
    expect(calls.B.exportable).toBeUndefined();
  });
});

describe('pageParams', () => {
  const params = z.object(pageParams(['RegisteredOn', 'ID'], { pageSize: 25 }));

  it('fills the first page, the page size, the first sort key and descending order', () => {
    expect(params.parse({})).toEqual({ page: 1, limit: 25, sort: 'RegisteredOn', order: 'desc' });
  });

  it('reads query-string values', () => {
    expect(params.parse({ page: '3', limit: '50', sort: 'ID', order: 'asc' })).toEqual({
      page: 3,
      limit: 50,
      sort: 'ID',
      order: 'asc',
    });
  });

  it('refuses an unknown sort, a page below 1 and a page size above 100 with messages that say so', () => {
    const messages = (input: object) => params.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ sort: 'Password' })).toEqual(['Sort by one of RegisteredOn, ID']);
    expect(messages({ page: '0' })).toEqual(['The page starts at 1']);
    expect(messages({ limit: '1000' })).toEqual(['The page size must be at most 100']);
  });
});

describe('pageOf', () => {
  it('reads a page of rows and where it sits', () => {
    const page = pageOf(z.object({ ID: z.number() }));
    const answer = { records: [{ ID: 1 }], meta: { total: 1, offset: 0, limit: 25, page: 1 } };
    expect(page.parse(answer)).toEqual(answer);
    expect(page.safeParse({ records: [{ ID: 'x' }], meta: answer.meta }).success).toBe(false);
  });
});
