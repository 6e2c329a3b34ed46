import { LIMITS } from '@enclave/protocol';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import mongoose, { type Connection } from 'mongoose';
import { followActivity } from './activity/follow.ts';
import { activityModels } from './activity/models.ts';
import { activityRoutes } from './activity/routes.ts';
import { scheduleBackups } from './admin/database/scheduled-backups.ts';
import { adminRoutes } from './admin/routes.ts';
import { registerAfterwards } from './afterwards.ts';
import { authModels } from './auth/models.ts';
import { authRoutes } from './auth/routes.ts';
import { sessionPlugin } from './auth/session.ts';
import { sessionRoutes } from './auth/session-routes.ts';
import { categoryModels } from './categories/models.ts';
import { type AppConfig, trustProxyOf } from './config.ts';
import { factorModels } from './factors/models.ts';
import { mailFactorNotices } from './factors/notices.ts';
import { factorRoutes } from './factors/routes.ts';
import { formattingRoutes } from './formatting/routes.ts';
import { groupBuyModels } from './group-buys/models.ts';
import { healthRoutes } from './health/routes.ts';
import { CompiledOnUse } from './http/compiled-on-use.ts';
import { docsRoutes } from './http/docs.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { refuseInfiniteNumbers } from './http/finite-numbers.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSerializer } from './http/serializer.ts';
import { registerSpa } from './http/spa.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { registerMetrics } from './metrics/plugin.ts';
import { moderationLogMigration } from './moderation/log.ts';
import { moderationModels } from './moderation/models.ts';
import { scheduleMuteEndings } from './moderation/mute-endings.ts';
import { scheduleDigests } from './notifications/digest.ts';
import { notificationModels } from './notifications/models.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { notifyOnDomainEvents } from './notifications/triggers.ts';
import { paymentModels } from './payments/models.ts';
import { paymentPointersMigration } from './payments/payment-keys.ts';
import { paymentRoutes } from './payments/routes.ts';
import { messageModels } from './private-messages/models.ts';
import { privateMessageRoutes } from './private-messages/routes.ts';
import { reactionModels } from './reactions/models.ts';
import { reactedMessagesMigration } from './reactions/reacted-messages.ts';
import { reactionRoutes } from './reactions/routes.ts';
import { registerReadModels } from './read-models/follow.ts';
import { DomainEvents } from './realtime/domain-events.ts';
import { attachRealtime, type RealtimeServer } from './realtime/server.ts';
import { replyModels } from './replies/models.ts';
import { reportModels } from './reports/models.ts';
import { reportListsMigration } from './reports/report-lists.ts';
import { reportRoutes } from './reports/routes.ts';
import {
  CONNECTION_OPTIONS,
  connectRedis,
  databaseGate,
  finishIntents,
  type Migration,
  registerCollections,
  registerMigrations,
  runMigrations,
  scheduleMonthlySweep,
} from './storage/index.ts';
import { forumPlugin } from './threads/forum-plugin.ts';
import { threadModels } from './threads/models.ts';
import { userModels } from './users/models.ts';
import { userRoutes } from './users/routes.ts';
import { ledgerByTypeMigration } from './wallet/ledger-by-type.ts';
import { walletModels } from './wallet/models.ts';
import { walletRoutes } from './wallet/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    mongo: Connection;
    events: DomainEvents;
    io: RealtimeServer;
    mailer: Mailer;
  }
}

export type App = FastifyInstance;

/** Every migration, oldest first. Append new ones at the end; never rename or reorder one that shipped. */
const MIGRATIONS: readonly Migration[] = [
  ledgerByTypeMigration,
  moderationLogMigration,
  paymentPointersMigration,
  reportListsMigration,
  reactedMessagesMigration,
];

/** Every domain's collections: what the database holds, what a backup copies and a restore writes. */
const COLLECTIONS = [
  userModels,
  authModels,
  factorModels,
  activityModels,
  walletModels,
  paymentModels,
  messageModels,
  categoryModels,
  threadModels,
  replyModels,
  reactionModels,
  groupBuyModels,
  reportModels,
  moderationModels,
  notificationModels,
];

export type { AppConfig } from './config.ts';

/** Builds the whole product (API, realtime, SPA) without listening. */
export async function buildApp(config: AppConfig): Promise<App> {
  const compiles = new CompiledOnUse();
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        remove: true,
      },
      // A person at a development terminal reads one line per event; everywhere else a machine reads JSON.
      ...(config.NODE_ENV === 'development' &&
        process.stdout.isTTY && {
          transport: {
            target: 'pino-pretty',
            options: { singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }),
    },
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    forceCloseConnections: 'idle',
    // removeAdditional off: a body with a property its schema does not declare is refused, not silently trimmed.
    ajv: { customOptions: { allErrors: true, verbose: true, keywords: ['errorMessage'], removeAdditional: false } },
    schemaController: { compilersFactory: { buildValidator: compiles.validators() } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Tests watch every command the driver sends (test/scans.ts), to prove reads go by key; metrics time them.
  const mongo = mongoose.createConnection(config.database.uri, {
    ...CONNECTION_OPTIONS,
    monitorCommands: config.NODE_ENV === 'test' || config.METRICS_TOKEN !== undefined,
  });
  await mongo.asPromise();
  await registerCollections({ mongo }, COLLECTIONS);

  app.decorate('config', config);
  app.decorate('mongo', mongo);
  app.decorate('events', new DomainEvents());
  app.decorate('mailer', createMailer(config, app.log));
  registerReadModels(app);
  notifyOnDomainEvents(app);
  scheduleDigests(app, config.NOTIFICATION_DIGEST_CHECK_MS);
  scheduleMuteEndings(app);
  scheduleBackups(app);
  followActivity(app);
  mailFactorNotices(app);
  app.addHook('onClose', async () => {
    app.mailer.close();
    await mongo.close();
  });
  // onClose hooks run last-added first: added after the database's, the wait for work under way comes before it.
  registerAfterwards(app);
  // A keep-alive connection whose request was under way when closing began would otherwise hold the close open
  // for keepAliveTimeout (72 s) once answered: from then on, an answered connection ends at once. Schemas still
  // waiting to be compiled (http/compiled-on-use.ts) are left.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.keepAliveTimeout = 1;
  });

  registerErrorHandler(app);
  refuseInfiniteNumbers(app);
  registerSerializer(app, compiles);
  app.addHook('onListen', async () => compiles.warmAfterListening(() => closing));
  registerSecurityHeaders(app, config.NODE_ENV === 'production');
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    // 3.1: its schemas are JSON Schema 2020-12, the dialect TypeBox writes (numeric exclusiveMinimum and all).
    openapi: { openapi: '3.1.0', info: { title: 'Enclave API', version: '0.1.0' } },
  });
  await connectRedis(app, config.REDIS_URL);
  await registerRateLimits(app);
  registerMetrics(app);
  await app.register(databaseGate);
  await app.register(sessionPlugin);
  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(authRoutes);
  await app.register(factorRoutes);
  await app.register(sessionRoutes);
  await app.register(activityRoutes);
  await app.register(userRoutes);
  await app.register(privateMessageRoutes);
  await app.register(paymentRoutes);
  await app.register(walletRoutes);
  await app.register(forumPlugin);
  await app.register(formattingRoutes);
  await app.register(reactionRoutes);
  await app.register(reportRoutes);
  await app.register(adminRoutes);
  await app.register(notificationRoutes);
  await registerSpa(app, config.CLIENT_DIST);
  app.decorate('io', await attachRealtime(app));
  // Before any hook: a conversion of a large database may take longer than Fastify's onReady limit.
  registerMigrations(app, MIGRATIONS);
  await runMigrations(app);
  scheduleMonthlySweep(app, LIMITS.activityRetentionDays);
  app.addHook('onReady', async () => {
    await finishIntents(app);
  });
  return app;
}
