# syntax=docker/dockerfile:1
# Stage 1: install every workspace, build the client and bundle the server.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY protocol/package.json protocol/
COPY server/package.json server/
COPY client/package.json client/
COPY scripts/package.json scripts/
# Fixes to dependencies, applied by the install (`patch-package`, see patches/README.md).
COPY patches patches
# `npm install` follows the lock; `npm ci` refuses npm 11's platform-trimmed lock (npm/cli#8805).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# Stage 2: production dependencies, the server's bundle and the sources the admin commands run from.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 CLIENT_DIST=/app/client/dist
WORKDIR /app
COPY package.json package-lock.json ./
COPY protocol/package.json protocol/
COPY server/package.json server/
COPY client/package.json client/
COPY scripts/package.json scripts/
COPY patches patches
# The bundle leaves native addons and pino to node_modules; tsx runs the admin commands from the sources.
RUN npm install --omit=dev --no-audit --no-fund -w protocol -w server -w scripts --include-workspace-root
COPY protocol protocol
COPY server/src server/src
COPY scripts/src scripts/src
COPY --from=build /app/client/dist client/dist
COPY --from=build /app/server/dist server/dist
# DATA_DIR: backups and the admin commands' socket, on a volume the node user owns.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "server/dist/server.mjs"]
