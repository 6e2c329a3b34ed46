import { api, CSRF_HEADER, IdParams, OkReply, PAGE_TEXT, REQUEST_TEXT, route } from '@enclave/protocol';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { useStepUpStore } from '../stores/step-up-store.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { ApiError } from './api-error.ts';
import { call, getOrNull, request } from './client.ts';

/** A write with a path parameter and a JSON body, shaped like the forum's real ones. */
const postNote = route({
  method: 'POST',
  url: '/api/notes/:id',
  params: IdParams,
  body: OkReply,
  response: { 201: OkReply },
});

let fetchMock: Mock<typeof fetch>;

function answer(response: Response) {
  fetchMock.mockResolvedValueOnce(response);
}

function shownToast() {
  return useToastStore.getState().toasts.find((toast) => toast.open);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials, the CSRF header and a JSON body, and reads the JSON reply', async () => {
    answer(Response.json({ message: 'saved' }, { status: 201 }));
    await expect(call(postNote, { params: { id: 42 }, body: { message: 'hello' } })).resolves.toEqual({
      message: 'saved',
    });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/notes/42');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(headers.get(CSRF_HEADER.name)).toBe(CSRF_HEADER.value);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ message: 'hello' }));
  });

  it('passes form data unchanged, letting the browser set its content type', async () => {
    const form = new FormData();
    form.append('profilePicture', new Blob(['x'], { type: 'image/jpeg' }), 'profile-picture.jpg');
    answer(new Response(null, { status: 204 }));
    await request('POST', '/api/profile/picture', { body: form });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it.each([
    [
      'the JSON message',
      Response.json({ message: 'Thread not found', code: 'NOT_FOUND' }, { status: 404 }),
      'Thread not found',
    ],
    [
      'the plain-text body',
      new Response('Bad gateway upstream', { status: 502, statusText: 'Bad Gateway' }),
      'Bad gateway upstream',
    ],
    ['the status text', new Response(null, { status: 503, statusText: 'Service Unavailable' }), 'Service Unavailable'],
    ['a generic text', new Response(null, { status: 500 }), PAGE_TEXT.unknownRequestError],
  ])('turns a failed answer into an ApiError whose message is %s', async (_, response, message) => {
    answer(response);
    const error = await failure(request('GET', '/api/threads', {}));
    expect(error.status).toBe(response.status);
    expect(error.message).toBe(message);
  });

  it('keeps the code and details of an error body', async () => {
    answer(
      Response.json({ message: 'Invalid', code: 'VALIDATION_ERROR', details: [{ path: '/title' }] }, { status: 400 }),
    );
    const error = await failure(request('POST', '/api/threads', { body: {} }));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: [{ path: '/title' }] });
  });

  it('toasts a failed read as "Error (status)" with the message', async () => {
    answer(Response.json({ message: 'Thread not found' }, { status: 404 }));
    await failure(request('GET', '/api/threads/9'));
    expect(shownToast()).toMatchObject({
      variant: 'destructive',
      title: REQUEST_TEXT.errorTitle(404),
      description: 'Thread not found',
    });
  });

  it('toasts a read that never got an answer as "Request Error"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('GET', '/api/threads')).rejects.toThrow('Failed to fetch');
    expect(shownToast()).toMatchObject({ title: REQUEST_TEXT.requestError, description: 'Failed to fetch' });
  });

  it("titles a failed write with the caller's title", async () => {
    answer(Response.json({ message: 'Insufficient coins' }, { status: 402 }));
    await failure(request('POST', '/api/threads/3/unlock', { body: {}, errorTitle: 'Failed to unlock' }));
    expect(shownToast()).toMatchObject({ title: 'Failed to unlock', description: 'Insufficient coins' });
  });

  it('stays quiet when asked to', async () => {
    answer(Response.json({ message: 'Username already exists' }, { status: 409 }));
    await failure(call(postNote, { params: { id: 1 }, body: { message: 'x' }, silent: true }));
    expect(shownToast()).toBeUndefined();
  });

  it('raises no toast for a read answered 401', async () => {
    answer(Response.json({ message: 'You must be logged in' }, { status: 401 }));
    expect((await failure(request('GET', '/api/messages'))).status).toBe(401);
    expect(shownToast()).toBeUndefined();
  });

  it('resolves getOrNull to null on 401, silently, and toasts other failures', async () => {
    answer(Response.json({ message: 'You must be logged in' }, { status: 401 }));
    await expect(getOrNull(api.user)).resolves.toBeNull();
    expect(shownToast()).toBeUndefined();

    answer(Response.json({ message: 'Database unavailable' }, { status: 503 }));
    expect((await failure(getOrNull(api.user))).status).toBe(503);
    expect(shownToast()).toMatchObject({ title: REQUEST_TEXT.errorTitle(503) });
  });

  describe('a money or power move refused until the member confirms it is them (STEP_UP_REQUIRED)', () => {
    const stepUpRequired = () =>
      Response.json({ message: 'Confirm it’s you to continue', code: 'STEP_UP_REQUIRED' }, { status: 403 });
    const dialogOpens = () => vi.waitFor(() => expect(useStepUpStore.getState().isOpen).toBe(true));
    afterEach(() => {
      if (useStepUpStore.getState().isOpen) useStepUpStore.getState().settle(false);
    });

    it('opens the step-up dialog and, once confirmed, sends the same call again, once', async () => {
      answer(stepUpRequired());
      answer(Response.json({ message: 'saved' }, { status: 201 }));
      const reply = call(postNote, { params: { id: 42 }, body: { message: 'hello' } });

      await dialogOpens();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      useStepUpStore.getState().settle(true);

      await expect(reply).resolves.toEqual({ message: 'saved' });
      expect(useStepUpStore.getState().isOpen).toBe(false);
      const [first, again] = fetchMock.mock.calls;
      expect(again?.[0]).toBe(first?.[0]);
      expect(again?.[1]?.method).toBe('POST');
      expect(again?.[1]?.body).toBe(JSON.stringify({ message: 'hello' }));
      expect(shownToast()).toBeUndefined();
    });

    it('answers with the refusal, toasted as any other, when the member cancels', async () => {
      answer(stepUpRequired());
      const reply = failure(call(postNote, { params: { id: 1 }, body: { message: 'x' }, errorTitle: 'Not saved' }));

      await dialogOpens();
      useStepUpStore.getState().settle(false);

      expect(await reply).toMatchObject({ status: 403, code: 'STEP_UP_REQUIRED' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(shownToast()).toMatchObject({ title: 'Not saved', description: 'Confirm it’s you to continue' });
    });

    it('asks once only: a call refused again after the step-up fails with that answer', async () => {
      answer(stepUpRequired());
      answer(stepUpRequired());
      const reply = failure(request('POST', '/api/restore', { body: {} }));

      await dialogOpens();
      useStepUpStore.getState().settle(true);

      expect((await reply).code).toBe('STEP_UP_REQUIRED');
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(useStepUpStore.getState().isOpen).toBe(false);
    });

    it('lets every call refused meanwhile through with one confirmation', async () => {
      fetchMock.mockImplementation(async () =>
        fetchMock.mock.calls.length <= 2 ? stepUpRequired() : Response.json({ message: 'done' }),
      );
      const replies = [request('POST', '/api/a', { body: {} }), request('POST', '/api/b', { body: {} })];

      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      await dialogOpens();
      useStepUpStore.getState().settle(true);

      await expect(Promise.all(replies)).resolves.toEqual([{ message: 'done' }, { message: 'done' }]);
      expect(fetchMock).toHaveBeenCalledTimes(4);
    });
  });
});
