# syntax=docker/dockerfile:1
# Production image (docs/deploy.md): build once in `build`, run the compiled server with
# production dependencies only, as a non-root user. Migrations are a release step:
#   docker compose run --rm migrate        (node apps/server/dist/db-migrate.js)

FROM node:24-slim AS build
WORKDIR /app
ENV CI=true
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
# Production dependencies of the server only (the SPA is built; web/e2e deps are not needed).
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --include-workspace-root=false \
  && npm cache clean --force

FROM node:24-slim AS runtime
ENV NODE_ENV=production PORT=5000 HOST=0.0.0.0 DATA_DIR=/data
# The malloc settings scripts/start.mjs gives the server (see its comment): two arenas, and blocks
# over 128 KB mapped on their own so that memory freed by finished worker threads returns to the system.
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
# No --enable-source-maps: it keeps every package's source map in memory (~40 MB, docs/deploy.md "Memory").
CMD ["node", "apps/server/dist/main.js"]
