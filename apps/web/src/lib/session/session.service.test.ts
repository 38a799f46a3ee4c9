import { describe, expect, it, vi } from 'vitest';
import { mockApi, SESSION, signedInRoutes, signedOutRoutes } from '../../test/mock-api';
import { loadedCallTables } from '../api/main-client';
import { restoreSession } from './session.service';
import { useAppStore } from './session.store';

// The order matters: the call tables are loaded once per page (and per test file), and the first case
// shows that a signed-out boot never loads them.
describe('the session check of a page load', () => {
  it('takes a 401 as signed out without loading the contract’s schemas', async () => {
    const { calls } = mockApi(signedOutRoutes());
    await restoreSession();
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/main/Session']);
    expect(useAppStore.getState().session).toBeNull();
    expect(useAppStore.getState().isLoggedIn).toBe(false);
    expect(loadedCallTables()).toBeNull();
  });

  it('checks a signed-in answer with the Session schema, then signs in with it', async () => {
    mockApi(signedInRoutes(['view-transactions']));
    await restoreSession();
    expect(loadedCallTables()).not.toBeNull();
    expect(useAppStore.getState().session).toEqual(SESSION);
    expect(useAppStore.getState().isLoggedIn).toBe(true);
    expect(useAppStore.getState().permissions).toEqual([{ Slug: 'view-transactions' }]);
  });

  it('refuses a signed-in answer the contract does not allow', async () => {
    mockApi(signedInRoutes([], { 'GET /Session': { data: { ...SESSION, ID: 'seven' } } }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(restoreSession()).rejects.toMatchObject({ statusCode: 500 });
    expect(logged).toHaveBeenCalledWith('Unexpected answer to /Session', expect.any(Array));
    expect(useAppStore.getState().isLoggedIn).toBe(false);
  });
});
