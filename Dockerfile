# Sewablast in one image: the same program runs as ROLE=all (the embedded PostgreSQL in /data), api or worker.
# docs/deploy.md tells how to run it alone or as a cluster (compose.yaml).

# Build: every dependency, then the dashboard and the server bundle.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server's production dependencies alone: the bundle keeps them external (apps/server/build.mjs).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# The slim image has no curl: Node's own fetch asks the liveness endpoint, on METRICS_PORT when set (a
# worker serves no API, only that listener) or else on the API port.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.METRICS_PORT || process.env.PORT || 8080) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node as PID 1 gets SIGTERM itself: the server finishes requests, hands its leases back and exits 0.
CMD ["node", "apps/server/dist/main.js"]
