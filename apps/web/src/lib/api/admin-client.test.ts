import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, SESSION } from '../../test/mock-api';
import { useAppStore } from '../session/session.store';
import { adminCall } from './admin-client';
import { ApiError } from './api-error';

const ROLES = { data: { data: [] } };

describe('adminCall', () => {
  beforeEach(() => {
    useAppStore.getState().setSession(SESSION);
    useAppStore.getState().setToken('jwt-old', []);
  });

  it('sends the bearer token, the CSRF header and the call name', async () => {
    const { calls } = mockApi({ ListRoles: ROLES });
    await expect(adminCall('ListRoles', {})).resolves.toEqual({ data: [] });
    const [call] = calls;
    expect(`${call?.url.pathname}${call?.url.search}`).toBe('/api/admin?Call=ListRoles');
    expect(call?.headers.get('Authorization')).toBe('Bearer jwt-old');
    expect(call?.headers.get('X-Requested-With')).toBe('backoffice');
  });

  it('re-mints an expired token from the session once and retries', async () => {
    const listRoles = (request: Request) =>
      request.headers.get('Authorization') === 'Bearer jwt-new'
        ? ROLES
        : { status: 401, statusCode: 401, message: 'jwt expired' };
    const { calls } = mockApi({
      ListRoles: listRoles,
      GenerateJWTToken: { data: { Token: 'jwt-new', Permissions: [{ Slug: 'view-roles' }] } },
    });
    await expect(adminCall('ListRoles', {})).resolves.toEqual({ data: [] });
    const mint = calls.find((c) => c.url.searchParams.get('Call') === 'GenerateJWTToken');
    expect(mint?.method).toBe('POST');
    expect(mint?.body).toEqual({ MerchantID: SESSION.ID, APIKey: SESSION.APIKey });
    expect(mint?.headers.get('Authorization')).toBeNull();
    expect(useAppStore.getState().token).toBe('jwt-new');
    expect(useAppStore.getState().permissions).toEqual([{ Slug: 'view-roles' }]);
  });

  it('gives up with the 401 when the session cannot mint a new token', async () => {
    mockApi({
      ListRoles: { status: 401, message: 'jwt malformed' },
      GenerateJWTToken: { status: 401, message: 'unauthorized' },
    });
    const error = await adminCall('ListRoles', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ httpStatus: 401, message: 'unauthorized' });
  });

  it('rejects an answer that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ ListRoles: { data: { data: [{ nonsense: true }] } } });
    await expect(adminCall('ListRoles', {})).rejects.toMatchObject({ statusCode: 500 });
  });
});
