# One image for the Club Data Service: `docker build -t clubdata .`
# It runs against an external PostgreSQL (DATABASE_URL) and, optionally, Redis (REDIS_URL) for a
# rate limit shared by several instances; compose.yaml wires both up for local use.

# Build stage: production dependencies only, installed from the lockfile.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm install (not ci) follows the lockfile but tolerates the optional per-platform packages it lacks.
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# Runtime stage: Node 24 runs the TypeScript sources directly (type stripping), so there is no
# compile step. The code stays owned by root and read-only to the service.
FROM node:24-bookworm-slim
WORKDIR /app
ENV HOST=0.0.0.0 \
    PORT=3000
COPY --from=build /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY bin ./bin
COPY src ./src
COPY migrations ./migrations
COPY sql ./sql
# The only folder the service may write: data of the embedded PostgreSQL, used when no
# DATABASE_URL is given (a quick look at the demo, never production).
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
# The slim image has no curl: Node's fetch checks liveness.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node runs as PID 1 and handles SIGTERM itself (graceful close in src/server.ts).
CMD ["node", "src/cli.ts", "serve"]
