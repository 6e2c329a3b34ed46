import { api, LIMITS, SERVER_TEXT } from '@enclave/protocol';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { describeClient } from '../auth/client-info.ts';
import { member, signedIn, viewerOf } from '../auth/guards.ts';
import { clearSession, signIn } from '../auth/session.ts';
import { steppedUpIfSecondFactor } from '../auth/step-up.ts';
import { badRequest, notFound } from '../errors.ts';
import { fromContract } from '../http/contract-route.ts';
import { rateLimit } from '../http/rate-limits.ts';
import { uploadedFile } from '../http/uploads.ts';
import { byNumericId } from '../storage/index.ts';
import { userModels } from './models.ts';
import { pictureUrl, presentMe, presentMemberSuggestion, presentPublicUser } from './presenter.ts';
import {
  changePassword,
  deleteAccount,
  findMember,
  findMemberByName,
  setProfilePicture,
  updatePrivacy,
  updateProfile,
} from './service.ts';

const MINUTE = 60_000;

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.profilePictureBytes, files: 1, fields: 5 } });

  for (const contract of [api.usersById, api.userById]) {
    app.route({
      ...fromContract(contract),
      handler: async (request) => presentPublicUser(await findMember(app, request.params.id)),
    });
  }

  app.route({
    ...fromContract(api.searchUser),
    preHandler: member,
    handler: async (request) => presentPublicUser(await findMemberByName(app, request.params.username)),
  });

  app.route({
    ...fromContract(api.memberSuggestions),
    // A picker asks as its member types: enough for that, too few to read the member list out letter by letter.
    preHandler: [
      member,
      rateLimit(app, { name: 'member-suggestions', max: 60, windowMs: MINUTE, by: 'member' }),
      rateLimit(app, { name: 'member-suggestions-hour', max: 600, windowMs: 60 * MINUTE, by: 'member' }),
    ],
    handler: async (request) => {
      const found = await app.members.suggestions(
        request.query.prefix,
        viewerOf(request).id,
        LIMITS.memberSuggestionsMax,
      );
      return found.map(presentMemberSuggestion);
    },
  });

  app.route({
    ...fromContract(api.updateProfile),
    preHandler: signedIn,
    handler: async (request) => presentMe(app, await updateProfile(app, viewerOf(request), request.body)),
  });

  app.route({
    ...fromContract(api.updatePrivacy),
    preHandler: signedIn,
    handler: async (request) => presentMe(app, await updatePrivacy(app, viewerOf(request), request.body)),
  });

  app.route({
    ...fromContract(api.uploadProfilePicture),
    preHandler: signedIn,
    handler: async (request) => {
      const file = await uploadedFile(request);
      if (file?.fieldname !== 'profilePicture') throw badRequest(SERVER_TEXT.pictureFieldMissing);
      const user = await setProfilePicture(app, viewerOf(request), file.data);
      return { profilePicture: pictureUrl(user) as string };
    },
  });

  app.route({
    ...fromContract(api.profilePicture),
    handler: async (request, reply) => {
      const picture = await userModels(app).ProfilePicture.findOne(byNumericId(request.params.id)).lean();
      if (!picture) throw notFound('No profile picture');
      // The URL carries the version, so a cached copy never goes stale.
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .type(picture.contentType)
        .send(Buffer.from(picture.data.buffer));
    },
  });

  app.route({
    ...fromContract(api.changePassword),
    preHandler: [signedIn, steppedUpIfSecondFactor],
    handler: async (request, reply) => {
      // Every session ended with the old password; this browser stays signed in with a new one.
      const user = await changePassword(app, viewerOf(request), request.body, describeClient(request));
      await signIn(request, reply, user, 'password_change');
      return { message: 'Password updated' };
    },
  });

  app.route({
    ...fromContract(api.deleteAccount),
    preHandler: [signedIn, steppedUpIfSecondFactor],
    handler: async (request, reply) => {
      await deleteAccount(app, viewerOf(request), request.body.password);
      clearSession(reply);
      return { message: 'Your account has been deleted' };
    },
  });
};
