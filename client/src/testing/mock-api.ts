import type { Abilities, CurrentUser } from '@enclave/protocol';
import { type Mock, vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  /** The parsed JSON body, or the FormData as sent. */
  body: unknown;
}

type Handler = (request: MockRequest) => Response | Promise<Response>;

/** Answers `fetch` by `'METHOD /path'`; an unlisted read never answers (the page stays loading), an unlisted write fails. */
export function mockApi(routes: Record<string, Handler>): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = String(input).split('?')[0] ?? '';
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const handler = routes[`${method} ${path}`];
    if (handler) return handler({ method, path, body });
    if (method === 'GET') return new Promise<Response>(() => {});
    return Response.json({ message: `No mock for ${method} ${path}`, code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const json =
  (body: unknown, status = 200): Handler =>
  () =>
    Response.json(body, { status });

export const signedOut: Handler = () =>
  Response.json({ message: 'You must be logged in', code: 'UNAUTHENTICATED' }, { status: 401 });

/** The calls `fetch` received for one route. */
export function callsTo(fetchMock: Mock<typeof fetch>, route: string): MockRequest[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      method: init?.method ?? 'GET',
      path: String(input).split('?')[0] ?? '',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    }))
    .filter((request) => `${request.method} ${request.path}` === route);
}

const MEMBER_ABILITIES: Abilities = {
  canModerate: false,
  canDeleteThreads: false,
  canEditThreads: false,
  canManageUsers: false,
  canManageCategories: false,
  canManageSettings: false,
  canReadModerationLog: false,
  canBackup: false,
};
const MODERATOR_ABILITIES: Abilities = { ...MEMBER_ABILITIES, canModerate: true, canDeleteThreads: true };
const ADMIN_ABILITIES: Abilities = Object.fromEntries(
  Object.keys(MEMBER_ABILITIES).map((ability) => [ability, true]),
) as Abilities;

/** A signed-in member; an admin or moderator gets the abilities the server's policy gives that role. */
export function aMember(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const abilities = overrides.isAdmin
    ? ADMIN_ABILITIES
    : overrides.isModerator
      ? MODERATOR_ABILITIES
      : MEMBER_ABILITIES;
  return {
    id: 7,
    username: 'alice',
    email: 'alice@example.com',
    isEmailVerified: true,
    isAdmin: false,
    isModerator: false,
    coinBalance: 250,
    bio: 'Collects icon sets.',
    profilePicture: null,
    createdAt: '2024-03-05T10:00:00.000Z',
    isMuted: false,
    mutedUntil: null,
    privacy: { defaultThreadPrivate: false, hideProfile: false },
    abilities,
    hasSecondFactor: false,
    mustAddSecondFactor: false,
    ...overrides,
  };
}
