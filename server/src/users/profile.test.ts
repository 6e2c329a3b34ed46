import { AUTH_TEXT, api, ErrorCode, VALIDATION } from '@enclave/protocol';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { multipartFile, tinyPng } from '../test/multipart.ts';
import { userModels } from './models.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const upload = (client: TestClient, data: Buffer, type = 'image/jpeg', field = 'profilePicture') => {
  const { payload, headers } = multipartFile(field, 'profile-picture.jpg', type, data);
  return client.request('POST', api.uploadProfilePicture.url, payload, undefined, headers);
};

describe('PATCH /api/profile', () => {
  it('changes username and bio', async () => {
    const { client } = await createMember(app);
    const response = await client.call(api.updateProfile, { body: { username: 'renamed_one', bio: 'Hello there' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'renamed_one', bio: 'Hello there' });
  });

  it('refuses a short username, a long bio and a taken name', async () => {
    const { user: other } = await createMember(app);
    const { client } = await createMember(app);
    const short = await client.call(api.updateProfile, { body: { username: 'ab' } });
    expect(short.json()).toMatchObject({ message: VALIDATION.usernameMin, code: ErrorCode.Validation });
    const long = await client.call(api.updateProfile, { body: { bio: 'x'.repeat(501) } });
    expect(long.json()).toMatchObject({ message: VALIDATION.bioMax });
    const taken = await client.call(api.updateProfile, { body: { username: other.username } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain(AUTH_TEXT.usernameExists);
  });

  it('needs a session', async () => {
    expect((await new TestClient(app).call(api.updateProfile, { body: { bio: 'x' } })).statusCode).toBe(401);
  });
});

describe('POST /api/profile/picture', () => {
  it('stores an image checked by its bytes and serves it with cache headers', async () => {
    const { user, client } = await createMember(app);
    const response = await upload(client, tinyPng());
    expect(response.statusCode).toBe(200);
    const url = response.json().profilePicture as string;
    expect(url).toBe(`/api/users/${user.id}/picture?v=1`);
    const image = await client.request('GET', url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect((await client.call(api.user)).json().profilePicture).toBe(url);
  });

  it('re-encodes a photo, so no EXIF, GPS, XMP, ICC or comment of the original is served', async () => {
    const { client } = await createMember(app);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'SpyPhone', Copyright: 'home-of-the-member' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>secret-xmp-place</rdf:RDF></x:xmpmeta>')
      .withIccProfile('p3')
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect(original.exif?.includes('SpyPhone')).toBe(true);
    expect(original.xmp).toBeDefined();

    const url = (await upload(client, photo)).json().profilePicture as string;
    const served = (await client.request('GET', url)).rawPayload;
    const metadata = await sharp(served).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.comments).toBeUndefined();
    for (const marker of ['Exif', 'SpyPhone', 'home-of-the-member', 'secret-xmp-place', 'GPS']) {
      expect(served.includes(marker)).toBe(false);
    }
  });

  it('turns a photo upright by its orientation before the orientation tag goes', async () => {
    const { client } = await createMember(app);
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const url = (await upload(client, sideways)).json().profilePicture as string;
    const metadata = await sharp((await client.request('GET', url)).rawPayload).metadata();
    expect(metadata).toMatchObject({ width: 20, height: 40 });
    expect(metadata.orientation).toBeUndefined();
  });

  it('refuses a file that only claims to be an image', async () => {
    const { client } = await createMember(app);
    const response = await upload(client, Buffer.from('<script>alert(1)</script>'), 'image/jpeg');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/JPEG, PNG or WebP/);
  });

  it('refuses more than 5000 px a side and more than 2 MB', async () => {
    const { client } = await createMember(app);
    const huge = await upload(client, tinyPng({ width: 6000, height: 10 }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/5000 pixels/);
    const heavy = await upload(client, Buffer.concat([tinyPng(), Buffer.alloc(2 * 1024 * 1024 + 10)]));
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json().code).toBe(ErrorCode.PayloadTooLarge);
  });
});

describe('privacy settings', () => {
  it('hides bio and join date from others when asked, and are stored', async () => {
    const { user, client } = await createMember(app, { bio: 'My secret life' });
    const visitor = new TestClient(app);
    expect((await visitor.call(api.usersById, { params: { id: user.id } })).json()).toMatchObject({
      bio: 'My secret life',
      createdAt: expect.any(String),
    });
    const saved = await client.call(api.updatePrivacy, { body: { defaultThreadPrivate: true, hideProfile: true } });
    expect(saved.json().privacy).toEqual({ defaultThreadPrivate: true, hideProfile: true });
    expect((await visitor.call(api.usersById, { params: { id: user.id } })).json()).toMatchObject({
      bio: null,
      createdAt: null,
      username: user.username,
    });
  });
});

describe('password change', () => {
  it('needs the current password and the same confirmation', async () => {
    const { client } = await createMember(app);
    const wrong = await client.call(api.changePassword, {
      body: { currentPassword: 'nope-nope', newPassword: 'brand-new', confirmPassword: 'brand-new' },
    });
    expect(wrong.statusCode).toBe(400);
    const mismatch = await client.call(api.changePassword, {
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'brand-new', confirmPassword: 'brand-old' },
    });
    expect(mismatch.json().message).toBe(VALIDATION.passwordsDontMatch);
    const empty = await client.call(api.changePassword, {
      body: { currentPassword: '', newPassword: 'brand-new', confirmPassword: 'brand-new' },
    });
    expect(empty.json().message).toBe(VALIDATION.currentPasswordRequired);
  });

  it('signs out other sessions and keeps this one', async () => {
    const { user, client } = await createMember(app);
    const otherDevice = new TestClient(app);
    await otherDevice.call(api.login, { body: { username: user.username, password: DEFAULT_PASSWORD } });
    const response = await client.call(api.changePassword, {
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'brand-new', confirmPassword: 'brand-new' },
    });
    expect(response.statusCode).toBe(200);
    expect((await client.call(api.user)).statusCode).toBe(200);
    expect((await otherDevice.call(api.user)).statusCode).toBe(401);
    const relogin = await new TestClient(app).call(api.login, {
      body: { username: user.username, password: 'brand-new' },
    });
    expect(relogin.statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  it('needs the password, then removes personal data and the session', async () => {
    const { user, client } = await createMember(app, { bio: 'bye' });
    await upload(client, tinyPng());
    expect((await client.call(api.deleteAccount, { body: { password: 'not-it' } })).statusCode).toBe(400);
    const response = await client.call(api.deleteAccount, { body: { password: DEFAULT_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect((await client.call(api.user)).statusCode).toBe(401);
    expect((await new TestClient(app).call(api.usersById, { params: { id: user.id } })).statusCode).toBe(404);
    const stored = await userModels(app).User.findOne({ id: user.id }).lean();
    expect(stored).toMatchObject({ bio: null, profilePictureVersion: 0 });
    expect(stored?.email).not.toBe(user.email);
    expect(await userModels(app).ProfilePicture.countDocuments({ userId: user.id })).toBe(0);
    // The name is free again for someone new.
    const again = await new TestClient(app).call(api.register, {
      body: { username: user.username, email: user.email, password: 'secret1', confirmPassword: 'secret1' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(user.id);
  });

  it('never collides with a name or email someone registered (hole 7)', async () => {
    const { user, client } = await createMember(app);
    const squatter = new TestClient(app);
    const squatted = await squatter.call(api.register, {
      body: {
        username: `deleted-${user.id}`,
        email: `deleted-${user.id}@deleted.invalid`,
        password: 'secret1',
        confirmPassword: 'secret1',
      },
    });
    expect(squatted.statusCode).toBe(201);
    const response = await client.call(api.deleteAccount, { body: { password: DEFAULT_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const stored = await userModels(app).User.findOne({ id: user.id }).lean();
    expect(stored?.deletedAt).toBeInstanceOf(Date);
    expect((await client.call(api.user)).statusCode).toBe(401);
    // Whatever the tombstone is, registration refuses it as a name and as an email.
    const taken = await new TestClient(app).call(api.register, {
      body: { username: stored?.username, email: stored?.email, password: 'secret1', confirmPassword: 'secret1' },
    });
    expect(taken.statusCode).toBe(400);
    const refused = (taken.json().details as { path: string }[]).map((detail) => detail.path);
    expect(refused).toEqual(expect.arrayContaining(['/username', '/email']));
  });
});

describe('public user calls', () => {
  it('answer public shapes only: no email, no balance', async () => {
    const { user } = await createMember(app);
    const { client } = await createMember(app);
    for (const response of [
      await client.call(api.usersById, { params: { id: user.id } }),
      await client.call(api.userById, { params: { id: user.id } }),
      await client.call(api.searchUser, { params: { username: user.username } }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, username: user.username });
      expect(response.body).not.toContain(user.email);
      expect(response.json()).not.toHaveProperty('coinBalance');
    }
  });

  it('answer 404 “User not found” and 400 for a non-numeric id', async () => {
    const { client } = await createMember(app);
    const missing = await client.call(api.searchUser, { params: { username: 'no-such-member' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
    expect((await client.request('GET', '/api/users/abc')).statusCode).toBe(400);
  });
});
