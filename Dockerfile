# e-Usulan Jalan: one image with the API and the built web app on one port (docs/deploy.md).
# Written without a Docker engine at hand: never built where it was written. Linted by dockerfilelint and
# checked against the app (workspaces, paths, health route) by apps/server/test/deploy-files.test.ts. The
# runtime stage's install and start were tried outside Docker (docs/deploy.md, "Docker").

# --- build: every dependency, then the web app (vite) and the server bundle (esbuild) ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests alone first, so the dependency layer is reused until one of them changes. npm ci needs the
# package.json of every workspace the root names.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: the server's production dependencies, its bundle, the files it reads from src/, the web build ---
FROM node:20-bookworm-slim AS runtime
# pg_dump, pg_restore and psql for npm run backup / restore against PostgreSQL (Debian 12 ships 15: the
# database server must be 15, or the client taken from PostgreSQL's own apt repository).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# Only the server workspace's runtime packages (the web app's React and antd are in its build already).
RUN npm ci --omit=dev --workspace=@eusulan/server --no-audit --no-fund \
  && npm cache clean --force
COPY --from=build /app/packages/shared ./packages/shared
# src/ stays: migrations, templates and reference data are read from it, and backup/restore run from it.
COPY --from=build /app/apps/server/src ./apps/server/src
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data \
  && chown node:node /data
USER node
# The embedded database (when DATABASE_URL is unset), the stored files, the generated token secret.
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (no database): a slow database must not get the container restarted. /api/ready is for a
# load balancer. Three misses 30 s apart leave a first start (migrations) 90 s; no --start-period, which
# dockerfilelint 1.8.0 cannot parse.
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as the main process, so SIGTERM reaches its graceful shutdown (SHUTDOWN_TIMEOUT).
CMD ["node", "apps/server/dist/main.js"]
